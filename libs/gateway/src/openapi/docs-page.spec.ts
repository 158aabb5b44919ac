import { type ArgumentsHost, HttpException } from '@nestjs/common';
import { type ServerResponse } from 'node:http';
import { type ApiError, Errors } from '@qr/domain';
import { JsonLogger, problemBody, ProblemFilter } from '@qr/platform';
import { renderDocsPage } from './docs-page';
import { ERROR_CODES } from '@qr/api-contract';
import { openApiDocument, type OpenApiDocument } from './openapi-document';

const doc = openApiDocument('https://api.example.com');
const page = renderDocsPage(doc);

/** Ids of every element on the page. */
const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]));

/** The code a ProblemFilter answers for an exception (fake host and response, nothing on the network). */
function filteredCode(exception: unknown): string {
  let body = '';
  const res = {
    headersSent: false,
    statusCode: 200,
    setHeader: () => res,
    end: (b: string) => {
      body = b;
    },
  };
  const req = { method: 'GET', headers: {} };
  const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res as unknown as ServerResponse }) } as unknown as ArgumentsHost;
  new ProblemFilter(new JsonLogger('silent'), '').catch(exception, host);
  return (JSON.parse(body) as { code: string }).code;
}

describe('renderDocsPage', () => {
  it('lists every webhook event type with what it means and its payload schema', () => {
    const ids = idsOf(page);
    for (const type of ['qr.scanned', 'lead.created', 'qr.scan_limit_reached', 'qr.scan_milestone_reached']) expect(ids.has(`event-${type}`)).toBe(true);
    expect(page).toMatch(/<code>qr\.scanned<\/code><\/td><td>A short link was opened[^<]*<\/td><td><code>QrScannedEvent<\/code>/);
  });

  it('has an element with id error-<code> for every code in ERROR_CODES', () => {
    const ids = idsOf(page);
    expect(ERROR_CODES.length).toBeGreaterThan(0);
    expect(ERROR_CODES.map((e) => e.code).filter((code) => !ids.has(`error-${code}`))).toEqual([]);
  });

  it('shows each error’s status next to its code', () => {
    for (const e of ERROR_CODES) {
      expect(page).toContain(`<tr id="error-${e.code}"><td><code>${e.code}</code></td><td>${e.status}</td>`);
    }
  });

  it('has an anchor for the code of every error the Errors factories produce (problem `type` links resolve)', () => {
    const produced: ApiError[] = [
      Errors.invalidJson(),
      Errors.unauthorized(),
      Errors.planHasNoApiAccess('free'),
      Errors.forbidden('x'),
      Errors.notFound(),
      Errors.payloadTooLarge('1 MB'),
      Errors.validationFailed([]),
      Errors.quotaExceeded(1),
      Errors.dynamicAllowanceExceeded(300),
      Errors.rateLimited(1),
      Errors.internal(),
      Errors.unavailable(),
    ];
    const ids = idsOf(page);
    const dangling = produced.map((e) => problemBody(e, 'req_1').type.split('#')[1]).filter((anchor) => !ids.has(anchor));
    expect(dangling).toEqual([]);
  });

  // BUG (see report): ProblemFilter maps other 4xx HttpExceptions (400, 406, 415…) to code `bad_request`,
  // which is neither in ERROR_CODES nor on the docs page, so the problem's `type` link dangles.
  it.each([400, 404, 405, 406, 413, 415, 500])('has an anchor for the code ProblemFilter gives an HttpException %d', (status) => {
    const code = filteredCode(new HttpException('x', status));
    expect(ERROR_CODES.map((e) => e.code)).toContain(code);
    expect(idsOf(page).has(`error-${code}`)).toBe(true);
  });

  it('lists every documented operation with its method and path', () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const [method, op] of Object.entries(item)) {
        expect(page).toContain(`<code>${method.toUpperCase()} ${path}</code>`);
        expect(idsOf(page).has(`op-${op.operationId}`)).toBe(true);
      }
    }
  });

  it('carries no script and links the machine-readable document', () => {
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain('href="openapi.json"');
    expect(page).toContain('<code>https://api.example.com/api/public/v1</code>');
  });

  it('escapes HTML from every part of the document', () => {
    const evil = '<script>alert("x")</script>';
    const paths = {
      ...doc.paths,
      [`/evil/${evil}`]: { get: { operationId: `op-${evil}`, summary: `summary ${evil}`, description: `description ${evil} & 'quotes'` } },
    } as unknown as OpenApiDocument['paths'];
    const hostile: OpenApiDocument = {
      ...doc,
      info: { ...doc.info, title: `Title ${evil}`, description: `Description ${evil}` },
      servers: [{ url: `https://x.example/${evil}` }],
      paths,
    };
    const html = renderDocsPage(hostile);

    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('</script>');
    expect(html).toContain('Title &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Description &lt;script&gt;');
    expect(html).toContain('summary &lt;script&gt;');
    expect(html).toContain('description &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(html).toContain('/evil/&lt;script&gt;');
    expect(html).toContain('https://x.example/&lt;script&gt;');
    // The original document is not modified by building the hostile copy.
    expect(renderDocsPage(doc)).toBe(page);
  });
});
