import { ERROR_CODES } from '@qr/api-contract';
import { escapeHtml } from '@qr/domain';
import { type OpenApiDocument } from './openapi-document';

/** A self-contained reference page rendered from the OpenAPI document: no scripts, no CDN. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { summary?: string; description?: string; operationId?: string }>).map(
      ([method, op]) =>
        `<section id="op-${escapeHtml(op.operationId ?? '')}"><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>` +
        `<p>${escapeHtml(op.summary ?? '')}</p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}</section>`,
    ),
  );
  const events = Object.entries(doc.webhooks).map(([type, item]) => {
    const schema = item.post.requestBody.content['application/json'].schema.$ref.split('/').pop() ?? '';
    const description = (doc.components.schemas as Record<string, { description?: string }>)[schema]?.description ?? '';
    return `<tr id="event-${escapeHtml(type)}"><td><code>${escapeHtml(type)}</code></td><td>${escapeHtml(description)}</td><td><code>${escapeHtml(schema)}</code></td></tr>`;
  });
  const errors = ERROR_CODES.map(
    (e) => `<tr id="error-${e.code}"><td><code>${e.code}</code></td><td>${e.status}</td><td>${escapeHtml(e.meaning)}</td></tr>`,
  ).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}code{background:#f2f2f2;padding:0 .2em}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.3em .6em;text-align:left}section{border-top:1px solid #eee}</style></head>
<body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p>
<p>Base URL: <code>${escapeHtml(doc.servers[0].url)}</code> · Machine-readable: <a href="openapi.json">openapi.json</a> (OpenAPI ${doc.openapi})</p>
<p>Authenticate with <code>Authorization: Bearer qrk_…</code>.</p>
<h2>Operations</h2>${operations.join('')}
<h2 id="webhooks">Webhook events</h2><p>Signed with Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>); the payload schemas are in openapi.json.</p>
<table><thead><tr><th>type</th><th>when</th><th>schema</th></tr></thead><tbody>${events.join('')}</tbody></table>
<h2 id="errors">Errors</h2><table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>${errors}</tbody></table>
</body></html>`;
}
