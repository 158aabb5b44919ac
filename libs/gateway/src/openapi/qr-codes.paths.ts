import { CodeAnalyticsQuery, WorkspaceAnalyticsQuery } from '@qr/analytics-math';
import { HistoryQuery, ImageQuery, ListQrCodesQuery, PageQuery, queryParameters } from '@qr/api-contract';
import { AUTHENTICATED_ERRORS, BODY_ERRORS } from './openapi-components';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const pagination = queryParameters(PageQuery);
const errors422 = { '422': { $ref: '#/components/responses/ValidationFailed' } };
/** A JSON body can also be malformed (400) or too large (413). */
const bodyErrors = { ...errors422, ...BODY_ERRORS };
const errors404 = { '404': { $ref: '#/components/responses/NotFound' } };
const tag = (t: string) => ({ tags: [t] });

export const QR_CODES_PATHS = {
  '/qrcodes': {
    post: {
      operationId: 'createQrCode',
      summary: 'Create a QR code',
      ...tag('QR codes'),
      description: '201 for a new code; 200 with the existing code, unchanged, when `client_ref` was used before in this workspace.',
      requestBody: { required: true, content: json(ref('QrCodeInput')) },
      responses: {
        '201': { description: 'Created', content: json(ref('QrCode')) },
        '200': { description: 'The code this client_ref already names', content: json(ref('QrCode')) },
        ...bodyErrors,
        ...AUTHENTICATED_ERRORS,
      },
    },
    get: {
      operationId: 'listQrCodes',
      summary: 'List QR codes, newest first',
      ...tag('QR codes'),
      parameters: queryParameters(ListQrCodesQuery),
      responses: { '200': { description: 'A page', content: json(ref('QrCodeList')) }, ...errors422, ...AUTHENTICATED_ERRORS },
    },
  },
  '/qrcodes/bulk': {
    post: {
      operationId: 'bulkCreateQrCodes',
      summary: 'Create up to 50 codes at once',
      ...tag('QR codes'),
      description:
        'The whole batch is validated (pointers `/items/3/content/url`) and checked against the monthly calls (one per item) and the dynamic allowance before anything is written; ' +
        'a batch that does not fit creates nothing. Re-sending a partly created batch returns the finished codes (by client_ref) and creates the rest.',
      requestBody: { required: true, content: json(ref('BulkCreateRequest')) },
      responses: {
        '200': { description: 'Every item, in order', content: json(ref('BulkCreateResult')) },
        ...bodyErrors,
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/qrcodes/{id}': {
    get: {
      operationId: 'getQrCode',
      summary: 'Get a QR code',
      ...tag('QR codes'),
      parameters: [id],
      responses: { '200': { description: 'The code', content: json(ref('QrCode')) }, ...errors404, ...AUTHENTICATED_ERRORS },
    },
    patch: {
      operationId: 'updateQrCode',
      summary: 'Change a QR code',
      ...tag('QR codes'),
      parameters: [id],
      description:
        'name, destinations, content (dynamic codes), status, schedule, scan_limit, UTM fields, folder_id, fallback_url. `null` clears a field. A static code’s data cannot change (422). Applies from the next scan.',
      requestBody: { required: true, content: json(ref('QrCodePatch')) },
      responses: {
        '200': { description: 'The changed code', content: json(ref('QrCode')) },
        ...errors404,
        ...bodyErrors,
        '409': { $ref: '#/components/responses/Conflict' },
        ...AUTHENTICATED_ERRORS,
      },
    },
    delete: {
      operationId: 'deleteQrCode',
      summary: 'Delete a QR code (its short link answers 410 afterwards; a dynamic code frees its allowance)',
      ...tag('QR codes'),
      parameters: [id],
      responses: { '200': { description: 'Deleted', content: json(ref('DeletedQrCode')) }, ...errors404, ...AUTHENTICATED_ERRORS },
    },
  },
  '/qrcodes/{id}/image': {
    get: {
      operationId: 'downloadQrCodeImage',
      summary: 'Download the code as SVG, PNG or PDF',
      ...tag('QR codes'),
      parameters: [id, ...queryParameters(ImageQuery)],
      responses: {
        '200': { description: 'The image (Content-Disposition: attachment)', content: { 'image/svg+xml': {}, 'image/png': {}, 'application/pdf': {} } },
        '304': { description: 'Not modified: If-None-Match holds the current ETag' },
        ...errors404,
        ...errors422,
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/qrcodes/{id}/history': {
    get: {
      operationId: 'listQrCodeHistory',
      summary: 'Every change to a code, newest first: who, how, when, and each field before and after',
      ...tag('QR codes'),
      description:
        'Creates, changes, pauses, resumes and the delete. Kept after the code is deleted, as long as the workspace exists; no route writes it. Another workspace’s code is a 404.',
      parameters: [id, ...queryParameters(HistoryQuery)],
      responses: { '200': { description: 'A page', content: json(ref('QrCodeChangeList')) }, ...errors404, ...errors422, ...AUTHENTICATED_ERRORS },
    },
  },
  '/qrcodes/{id}/analytics': {
    get: {
      operationId: 'getQrCodeAnalytics',
      summary: 'Scan analytics of one code',
      ...tag('Analytics'),
      description:
        'Days are local days in `tz` (default: the code’s timezone); default range the last 30 days; at most 366 days. Bots are excluded unless include_bots=true. `format=csv` answers a spreadsheet-friendly CSV.',
      parameters: [id, ...queryParameters(CodeAnalyticsQuery)],
      responses: {
        '200': { description: 'Analytics', content: { ...json(ref('CodeAnalytics')), 'text/csv': {} } },
        ...errors404,
        ...errors422,
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/analytics': {
    get: {
      operationId: 'getWorkspaceAnalytics',
      summary: 'Workspace (or folder) summary: totals by day and top codes',
      ...tag('Analytics'),
      parameters: queryParameters(WorkspaceAnalyticsQuery),
      responses: { '200': { description: 'Summary', content: json(ref('WorkspaceAnalytics')) }, ...errors422, ...AUTHENTICATED_ERRORS },
    },
  },
  '/previews/{file}': {
    get: {
      operationId: 'getPreview',
      summary: 'Public SVG preview (the `preview_url` of a code); no key, no quota, cacheable with ETag',
      ...tag('QR codes'),
      security: [],
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[0-9A-Za-z]{32}\\.svg$' },
          description: '`<token>.svg`, as in preview_url',
        },
      ],
      responses: { '200': { description: 'SVG', content: { 'image/svg+xml': {} } }, '304': { description: 'Not modified' }, ...errors404 },
    },
  },
  '/folders': {
    post: {
      operationId: 'createFolder',
      summary: 'Create a folder',
      ...tag('Folders'),
      requestBody: { required: true, content: json(ref('FolderInput')) },
      responses: { '201': { description: 'Created', content: json(ref('Folder')) }, ...bodyErrors, ...AUTHENTICATED_ERRORS },
    },
    get: {
      operationId: 'listFolders',
      summary: 'List folders, newest first',
      ...tag('Folders'),
      parameters: pagination,
      responses: { '200': { description: 'A page', content: json(ref('FolderList')) }, ...errors422, ...AUTHENTICATED_ERRORS },
    },
  },
  '/folders/{id}': {
    patch: {
      operationId: 'renameFolder',
      summary: 'Rename a folder',
      ...tag('Folders'),
      parameters: [id],
      requestBody: { required: true, content: json(ref('FolderInput')) },
      responses: { '200': { description: 'The folder', content: json(ref('Folder')) }, ...bodyErrors, ...errors404, ...AUTHENTICATED_ERRORS },
    },
    delete: {
      operationId: 'deleteFolder',
      summary: 'Delete a folder; its codes move to no folder in the same transaction',
      ...tag('Folders'),
      parameters: [id],
      responses: { '200': { description: 'Deleted', content: json(ref('DeletedFolder')) }, ...errors404, ...AUTHENTICATED_ERRORS },
    },
  },
  '/design-presets': {
    post: {
      operationId: 'createDesignPreset',
      summary: 'Create a brand preset (checked for scannability on a short link)',
      ...tag('Design presets'),
      requestBody: { required: true, content: json(ref('DesignPresetInput')) },
      responses: { '201': { description: 'Created', content: json(ref('DesignPreset')) }, ...bodyErrors, ...AUTHENTICATED_ERRORS },
    },
    get: {
      operationId: 'listDesignPresets',
      summary: 'List the workspace’s brand presets, by name',
      ...tag('Design presets'),
      responses: { '200': { description: 'Every preset', content: json(ref('DesignPresetList')) }, ...AUTHENTICATED_ERRORS },
    },
  },
  '/design-presets/{id}': {
    get: {
      operationId: 'getDesignPreset',
      summary: 'A brand preset',
      ...tag('Design presets'),
      parameters: [id],
      responses: { '200': { description: 'The preset', content: json(ref('DesignPreset')) }, ...errors404, ...AUTHENTICATED_ERRORS },
    },
    patch: {
      operationId: 'updateDesignPreset',
      summary: 'Change a brand preset; every code that follows it shows the change',
      ...tag('Design presets'),
      description: 'The changed preset is checked for scannability on each kind of code that follows it; a 422 names the code it would not scan on.',
      parameters: [id],
      requestBody: { required: true, content: json(ref('DesignPresetInput')) },
      responses: { '200': { description: 'The preset', content: json(ref('DesignPreset')) }, ...bodyErrors, ...errors404, ...AUTHENTICATED_ERRORS },
    },
    delete: {
      operationId: 'deleteDesignPreset',
      summary: 'Delete a brand preset no code follows',
      ...tag('Design presets'),
      parameters: [id],
      responses: {
        '200': { description: 'Deleted', content: json(ref('DeletedDesignPreset')) },
        '409': { description: 'Codes still follow it', content: { 'application/problem+json': { schema: ref('Problem') } } },
        ...errors404,
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/logos': {
    post: {
      operationId: 'uploadLogo',
      summary: 'Upload a logo (PNG, JPEG or SVG, at most 1 MB)',
      ...tag('Logos'),
      description:
        'The file is decoded and drawn again as a PNG (at most 512 pixels a side); an SVG is sanitised and rasterised. Damaged files, other types, decompression bombs and unsafe SVG (a DOCTYPE) are a 422 at `/file` or `/data`, and nothing is stored.',
      requestBody: { required: true, content: { 'multipart/form-data': { schema: ref('LogoUploadForm') }, ...json(ref('LogoUpload')) } },
      responses: {
        '201': { description: 'Stored', content: json(ref('Logo')) },
        '409': { description: 'The workspace has 100 logos', content: { 'application/problem+json': { schema: ref('Problem') } } },
        '415': { description: 'Neither multipart nor JSON', content: { 'application/problem+json': { schema: ref('Problem') } } },
        ...bodyErrors,
        ...AUTHENTICATED_ERRORS,
      },
    },
    get: {
      operationId: 'listLogos',
      summary: 'List the workspace’s logos, newest first',
      ...tag('Logos'),
      responses: { '200': { description: 'Every logo', content: json(ref('LogoList')) }, ...AUTHENTICATED_ERRORS },
    },
  },
  '/logos/{id}': {
    get: {
      operationId: 'getLogo',
      summary: 'A logo',
      ...tag('Logos'),
      parameters: [id],
      responses: { '200': { description: 'The logo', content: json(ref('Logo')) }, ...errors404, ...AUTHENTICATED_ERRORS },
    },
    delete: {
      operationId: 'deleteLogo',
      summary: 'Delete a logo no code shows',
      ...tag('Logos'),
      parameters: [id],
      responses: {
        '200': { description: 'Deleted', content: json(ref('DeletedLogo')) },
        '409': { description: 'Codes still show it', content: { 'application/problem+json': { schema: ref('Problem') } } },
        ...errors404,
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/logos/{id}/image': {
    get: {
      operationId: 'downloadLogoImage',
      summary: 'The logo as stored: a PNG',
      ...tag('Logos'),
      parameters: [id],
      responses: {
        '200': { description: 'The PNG', content: { 'image/png': {} } },
        '304': { description: 'Not modified: If-None-Match holds the current ETag' },
        ...errors404,
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/qrcodes/move': {
    post: {
      operationId: 'moveQrCodes',
      summary: 'Move up to 100 codes into a folder, or out of any; all or none',
      ...tag('Folders'),
      requestBody: { required: true, content: json(ref('MoveQrCodesInput')) },
      responses: {
        '200': { description: 'Moved', content: json(ref('MoveQrCodesResult')) },
        ...bodyErrors,
        '409': { $ref: '#/components/responses/Conflict' },
        ...AUTHENTICATED_ERRORS,
      },
    },
  },
  '/domains': {
    post: {
      operationId: 'createDomain',
      summary: 'Register a custom short-link domain',
      ...tag('Domains'),
      description: 'Answers the TXT record to create (`_qr-verify.<hostname>`), then call verify.',
      requestBody: { required: true, content: json(ref('DomainInput')) },
      responses: { '201': { description: 'Created (pending)', content: json(ref('Domain')) }, ...bodyErrors, ...AUTHENTICATED_ERRORS },
    },
    get: {
      operationId: 'listDomains',
      summary: 'List domains, newest first',
      ...tag('Domains'),
      parameters: pagination,
      responses: { '200': { description: 'A page', content: json(ref('DomainList')) }, ...errors422, ...AUTHENTICATED_ERRORS },
    },
  },
  '/domains/{id}/verify': {
    post: {
      operationId: 'verifyDomain',
      summary: 'Check the DNS TXT record now',
      ...tag('Domains'),
      parameters: [id],
      description: 'Always answers the domain: `status` becomes verified when the record matches; otherwise `verification.last_error` says why.',
      responses: { '200': { description: 'The domain', content: json(ref('Domain')) }, ...errors404, ...AUTHENTICATED_ERRORS },
    },
  },
} as const;
