import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { HealthController } from '@qr/platform';
import { ApiKeysController } from '../http/api-keys.controller';
import { DomainsController, FoldersController } from '../qrcodes/folders-domains.controller';
import { WorkspaceAnalyticsController } from '../qrcodes/analytics.controller';
import { LogosController } from '../qrcodes/logos.controller';
import { DesignPresetsController } from '../qrcodes/design-presets.controller';
import { PreviewsController } from '../qrcodes/previews.controller';
import { WebhookDeliveriesController, WebhookEndpointsController } from '../qrcodes/webhooks.controller';
import { QrCodesController } from '../qrcodes/qr-codes.controller';
import { API_PREFIX } from '../http/api-prefix';
import { OpenApiController } from './openapi.controller';
import { openApiDocument } from './openapi-document';

type ControllerClass = abstract new (...args: never[]) => object;

const ROOT = resolve(__dirname, '../../../..');

/**
 * Loads a controller by file for controllers a gateway test may not import statically
 * (not exported from their lib's index, and lint forbids relative imports across libs).
 */
function exportOf(file: string, name: string): ControllerClass {
  const mod = jest.requireActual<Record<string, unknown>>(join(ROOT, file));
  const value = mod[name];
  if (typeof value !== 'function') throw new Error(`${file} does not export ${name}`);
  return value as ControllerClass;
}

/**
 * EVERY controller under libs/. Adding a controller = adding one line here; the file-system check
 * below fails until it is listed, and the route check then demands its public routes be documented.
 */
const CONTROLLERS: ReadonlyArray<{ file: string; controller: ControllerClass }> = [
  { file: 'libs/gateway/src/http/api-keys.controller.ts', controller: ApiKeysController },
  { file: 'libs/gateway/src/openapi/openapi.controller.ts', controller: OpenApiController },
  { file: 'libs/gateway/src/qrcodes/qr-codes.controller.ts', controller: QrCodesController },
  { file: 'libs/gateway/src/qrcodes/previews.controller.ts', controller: PreviewsController },
  { file: 'libs/gateway/src/qrcodes/logos.controller.ts', controller: LogosController },
  { file: 'libs/gateway/src/qrcodes/design-presets.controller.ts', controller: DesignPresetsController },
  { file: 'libs/gateway/src/qrcodes/analytics.controller.ts', controller: WorkspaceAnalyticsController },
  { file: 'libs/gateway/src/qrcodes/webhooks.controller.ts', controller: WebhookEndpointsController },
  { file: 'libs/gateway/src/qrcodes/webhooks.controller.ts', controller: WebhookDeliveriesController },
  { file: 'libs/gateway/src/qrcodes/folders-domains.controller.ts', controller: FoldersController },
  { file: 'libs/gateway/src/qrcodes/folders-domains.controller.ts', controller: DomainsController },
  { file: 'libs/platform/src/health/health.controller.ts', controller: HealthController },
  { file: 'libs/dashboard/src/spa/spa.controller.ts', controller: exportOf('libs/dashboard/src/spa/spa.controller.ts', 'SpaController') },
  { file: 'libs/identity/src/http/session.controller.ts', controller: exportOf('libs/identity/src/http/session.controller.ts', 'SessionController') },
  {
    file: 'libs/dashboard/src/codes/draft-preview.controller.ts',
    controller: exportOf('libs/dashboard/src/codes/draft-preview.controller.ts', 'DraftPreviewController'),
  },
  {
    file: 'libs/dashboard/src/print/print-sheet.controller.ts',
    controller: exportOf('libs/dashboard/src/print/print-sheet.controller.ts', 'PrintSheetController'),
  },
  { file: 'libs/dashboard/src/imports/imports.controller.ts', controller: exportOf('libs/dashboard/src/imports/imports.controller.ts', 'ImportsController') },
  {
    file: 'libs/dashboard/src/imports/link-imports.controller.ts',
    controller: exportOf('libs/dashboard/src/imports/link-imports.controller.ts', 'LinkImportsController'),
  },
  { file: 'libs/dashboard/src/imports/exports.controller.ts', controller: exportOf('libs/dashboard/src/imports/exports.controller.ts', 'ExportsController') },
  { file: 'libs/dashboard/src/usage/usage.controller.ts', controller: exportOf('libs/dashboard/src/usage/usage.controller.ts', 'UsageController') },
  { file: 'libs/identity/src/http/members.controller.ts', controller: exportOf('libs/identity/src/http/members.controller.ts', 'MembersController') },
  { file: 'libs/dashboard/src/audit/audit-log.controller.ts', controller: exportOf('libs/dashboard/src/audit/audit-log.controller.ts', 'AuditLogController') },
  {
    file: 'libs/platform/src/commands/internal-commands.controller.ts',
    controller: exportOf('libs/platform/src/commands/internal-commands.controller.ts', 'InternalCommandsController'),
  },
];

/** Routes of the public API that are not operations of the document itself. */
const UNDOCUMENTED = new Set(['/openapi.json', '/docs']);
const PUBLIC_PREFIX = `${API_PREFIX}/`;

interface Route {
  controller: string;
  handler: string;
  method: string;
  path: string;
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)]);
const joinPath = (...parts: string[]) =>
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

/** Every HTTP route a controller declares, from the metadata Nest's decorators leave behind. */
function routesOf(controller: ControllerClass): Route[] {
  const bases = asList(Reflect.getMetadata('path', controller));
  const proto = controller.prototype as Record<string, unknown>;
  const routes: Route[] = [];
  for (const handler of Object.getOwnPropertyNames(proto)) {
    if (handler === 'constructor') continue;
    const fn = Object.getOwnPropertyDescriptor(proto, handler)?.value as unknown;
    if (typeof fn !== 'function') continue;
    const paths = asList(Reflect.getMetadata('path', fn));
    const method = Reflect.getMetadata('method', fn) as RequestMethod | undefined;
    if (!paths.length || method === undefined) continue;
    for (const base of bases.length ? bases : ['']) {
      for (const path of paths) {
        routes.push({ controller: controller.name, handler, method: RequestMethod[method].toLowerCase(), path: joinPath(base, path) });
      }
    }
  }
  return routes;
}

/** `api/public/v1/api-keys/:id` → `/api-keys/{id}` (the document's paths are relative to the server URL). */
const toOpenApiPath = (nestPath: string) => `/${nestPath.slice(PUBLIC_PREFIX.length)}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function listControllerFiles(): string[] {
  const libs = join(ROOT, 'libs');
  return (readdirSync(libs, { recursive: true, encoding: 'utf8' }) as string[])
    .map((p) => relative(ROOT, join(libs, p)).split('\\').join('/'))
    .filter((p) => /^libs\/[^/]+\/src\/.*\.controller\.ts$/.test(p))
    .sort();
}

const allRoutes = CONTROLLERS.flatMap((c) => routesOf(c.controller));
const publicRoutes = allRoutes
  .filter((r) => r.path.startsWith(PUBLIC_PREFIX))
  .map((r) => ({ ...r, openApiPath: toOpenApiPath(r.path) }))
  .filter((r) => !UNDOCUMENTED.has(r.openApiPath));

const doc = openApiDocument('https://api.example.com');
const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
  Object.keys(item).map((method) => ({ path, method })),
);

describe('controller inventory', () => {
  it('lists every *.controller.ts under libs/ (add new controllers to CONTROLLERS)', () => {
    const onDisk = listControllerFiles();
    expect(onDisk.length).toBeGreaterThan(0);
    const listed = new Set(CONTROLLERS.map((c) => c.file));
    expect(onDisk.filter((f) => !listed.has(f))).toEqual([]);
  });

  it('lists no file that does not exist', () => {
    const onDisk = new Set(listControllerFiles());
    expect(CONTROLLERS.map((c) => c.file).filter((f) => !onDisk.has(f))).toEqual([]);
  });

  it.each(CONTROLLERS.map((c) => [c.file, c.controller] as const))('%s exports its listed class, a Nest controller', (file, controller) => {
    const exported = Object.values(jest.requireActual<Record<string, unknown>>(join(ROOT, file)));
    expect(exported).toContain(controller);
    expect(Reflect.getMetadata('__controller__', controller)).toBe(true);
  });

  it('finds the public routes it should (sanity check of the metadata reading)', () => {
    expect(allRoutes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ controller: 'ApiKeysController', method: 'post', path: 'api/public/v1/api-keys' }),
        expect.objectContaining({ controller: 'ApiKeysController', method: 'get', path: 'api/public/v1/api-keys' }),
        expect.objectContaining({ controller: 'ApiKeysController', method: 'delete', path: 'api/public/v1/api-keys/:id' }),
        expect.objectContaining({ controller: 'OpenApiController', method: 'get', path: 'api/public/v1/openapi.json' }),
        expect.objectContaining({ controller: 'HealthController', method: 'get', path: 'healthz' }),
        expect.objectContaining({ controller: 'InternalCommandsController', method: 'post', path: 'internal/v1/commands/:name' }),
      ]),
    );
    expect(publicRoutes.map((r) => `${r.method} ${r.openApiPath}`)).toEqual(expect.arrayContaining(['delete /api-keys/{id}']));
  });
});

describe('openApiDocument', () => {
  it('documents every public route with the same method', () => {
    const missing = publicRoutes
      .filter((r) => !documented.some((d) => d.path === r.openApiPath && d.method === r.method))
      .map((r) => `${r.method.toUpperCase()} ${r.openApiPath} (${r.controller}.${r.handler})`);
    expect(missing).toEqual([]);
    expect(publicRoutes.length).toBeGreaterThan(0);
  });

  it('documents no operation that no controller serves', () => {
    const stale = documented
      .filter((d) => !publicRoutes.some((r) => r.openApiPath === d.path && r.method === d.method))
      .map((d) => `${d.method.toUpperCase()} ${d.path}`);
    expect(stale).toEqual([]);
  });

  it('declares every {param} of a path as a required path parameter', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { parameters?: ReadonlyArray<{ name: string; in: string; required?: boolean }> }>>,
    )) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(item)) {
        for (const name of names) {
          const p = op.parameters?.find((x) => x.in === 'path' && x.name === name);
          if (!p || p.required !== true) problems.push(`${method.toUpperCase()} ${path}: {${name}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('is OpenAPI 3.1 with the public base path as its server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://api.example.com/api/public/v1' }]);
    expect(doc.security).toEqual([{ apiKey: [] }, { dashboardSession: [] }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('every $ref points at a component that exists', () => {
    const refs: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        for (const [k, child] of Object.entries(v)) {
          if (k === '$ref' && typeof child === 'string') refs.push(child);
          else walk(child);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(0);
    const unresolved = refs.filter((ref) => {
      const parts = ref.replace(/^#\//, '').split('/');
      let node: unknown = doc;
      for (const part of parts) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
      return node === undefined;
    });
    expect(unresolved).toEqual([]);
  });
});
