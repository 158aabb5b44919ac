import { WEBHOOK_EVENT_TYPES } from '@qr/domain';

/*
 * The webhook deliveries, as OpenAPI 3.1 `webhooks` (what we POST to a registered endpoint) and one
 * schema per event. The payloads are the public projection of the internal events
 * (libs/webhook-rules/src/payload): a scan's data is an allowlist and never identifies the person.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const timestamp = { type: 'string', format: 'date-time', description: 'UTC, `YYYY-MM-DDThh:mm:ssZ`' };
const nullableString = { type: ['string', 'null'] };
const test = { type: 'boolean', description: 'Present, and true, only in sample events sent by POST /webhook-endpoints/{id}/test' };

/** An event body: envelope plus its `data`, every documented property required. */
function event(type: string, description: string, data: Record<string, object>) {
  return {
    type: 'object',
    description,
    required: ['id', 'type', 'created_at', 'workspace_id', 'data'],
    properties: {
      id: {
        type: 'string',
        example: 'evt_00VbbQ5mGtVbp9Yc',
        description: 'The event id, also the webhook-id header: the same on every attempt; deduplicate on it',
      },
      type: { const: type },
      created_at: timestamp,
      workspace_id: { type: 'string' },
      data: { type: 'object', required: Object.keys(data), properties: { ...data, test } },
    },
  };
}

const code = { qr_id: { type: 'string' }, client_ref: nullableString };

export const WEBHOOK_EVENT_SCHEMAS = {
  WebhookEventType: { enum: [...WEBHOOK_EVENT_TYPES] },
  QrScannedEvent: event(
    'qr.scanned',
    'A short link was opened (302 to a destination or a hosted page), or the GS1 resolver answered a gs1 code (307 or its linkset). Bots are included, flagged by is_bot.',
    {
      ...code,
      short_code: { type: 'string' },
      destination: {
        type: ['string', 'null'],
        description: 'The URL the scan was sent to, as configured (before UTM fields are added); null for a hosted page (menu, vCard, form) and a GS1 linkset',
      },
      link_type: {
        type: ['string', 'null'],
        description: 'For a gs1 code: the GS1 link type the resolver served (`gs1:pip`, or `linkset` for the linkset); null for other codes',
      },
      country: { type: ['string', 'null'], description: 'ISO 3166-1 alpha-2, null when unknown' },
      device: { enum: ['mobile', 'tablet', 'desktop', 'other'] },
      os: nullableString,
      browser: nullableString,
      is_bot: { type: 'boolean' },
      scanned_at: timestamp,
    },
  ),
  LeadCreatedEvent: event('lead.created', 'Someone submitted the hosted form of a form code.', {
    ...code,
    lead_id: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Submitted values by the form field’s name' },
    submitted_at: timestamp,
  }),
  QrScanLimitReachedEvent: event('qr.scan_limit_reached', 'The scan that used up the code’s scan_limit; later scans answer 410 (or go to fallback_url).', {
    ...code,
    scan_limit: { type: 'integer' },
    reached_at: timestamp,
  }),
  QrScanMilestoneReachedEvent: event(
    'qr.scan_milestone_reached',
    'The code reached 10, 100, 1,000, 10,000, 100,000 or 1,000,000 scans (agency plan); once per milestone and code.',
    {
      ...code,
      milestone: { type: 'integer' },
      reached_at: timestamp,
    },
  ),
  WebhookEvent: {
    description: 'Any event body; `type` tells which.',
    oneOf: [ref('QrScannedEvent'), ref('LeadCreatedEvent'), ref('QrScanLimitReachedEvent'), ref('QrScanMilestoneReachedEvent')],
    discriminator: {
      propertyName: 'type',
      mapping: {
        'qr.scanned': '#/components/schemas/QrScannedEvent',
        'lead.created': '#/components/schemas/LeadCreatedEvent',
        'qr.scan_limit_reached': '#/components/schemas/QrScanLimitReachedEvent',
        'qr.scan_milestone_reached': '#/components/schemas/QrScanMilestoneReachedEvent',
      },
    },
  },
} as const;

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'The event id; the same on every attempt' },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Unix seconds of this attempt; reject old ones (the SDK allows 5 minutes)',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: '`v1,<base64 HMAC-SHA256 of "id.timestamp.body" with the endpoint secret>`; two space-separated signatures for 24 h after a secret rotation',
  },
];

function delivery(schema: string, summary: string) {
  return {
    post: {
      operationId: `webhook_${schema}`,
      summary,
      tags: ['Webhooks'],
      parameters: SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: ref(schema) } } },
      responses: {
        '2XX': { description: 'Delivered. Any other answer (3xx included: redirects are not followed) is retried on the schedule; 410 disables the endpoint.' },
      },
    },
  };
}

/** The `webhooks` section of the document: one entry per event type. */
export const WEBHOOKS = {
  'qr.scanned': delivery('QrScannedEvent', 'A scan'),
  'lead.created': delivery('LeadCreatedEvent', 'A lead from a hosted form'),
  'qr.scan_limit_reached': delivery('QrScanLimitReachedEvent', 'A code’s scan limit was reached'),
  'qr.scan_milestone_reached': delivery('QrScanMilestoneReachedEvent', 'A code reached a scan milestone (agency)'),
} as const;
