import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Clock, systemClock } from '@qr/domain';
import {
  type Gs1Candidate,
  type Gs1Content,
  GS1_RESOLVER_HEADERS,
  linkHeader,
  parseGs1Request,
  type ParsedGs1Request,
  PRIMARY_KEYS,
  resolveGs1,
  resolverDescription,
} from '@qr/gs1';
import { type ClosedReason, renderClosedPage } from '@qr/hosted-pages';
import { admitScan } from '@qr/opening-rules';
import { type FastRoute } from '@qr/platform';
import { type UserAgentClassifier } from '@qr/visitor';
import { type Gs1CodeSource } from '../links/gs1-code-source';
import { type LinkRecord, openingRulesOf } from '../links/link-record';
import { type DailySalts } from '../scans/daily-salts';
import { type RecordsScans } from '../scans/scan-link';
import { hostOf, isHttps, readScanRequest, visitorFactsOf } from './scan-request';

const DESCRIPTION_PATH = '/.well-known/gs1resolver';
const PRIMARY_KEY_PREFIXES = PRIMARY_KEYS.map((ai) => `/${ai}/`);
const STALE_RETRIES = 3;

export interface Gs1ResolverDeps {
  /** The live gs1 codes of a request's levels, on the shared hosts (`domainHost` null) or on one custom domain. */
  codes: Gs1CodeSource;
  recorder: RecordsScans;
  salts: DailySalts;
  classifier: UserAgentClassifier;
  /** Host names that serve the platform's default host (codes without a custom domain). */
  sharedHosts: ReadonlySet<string>;
  trustProxy: boolean;
  geoHeader: string | undefined;
  onScan: (outcome: string) => void;
  clock?: Clock;
}

type Candidate = Gs1Candidate & { link: LinkRecord };

/**
 * The GS1-Conformant Resolver on the redirect path, for the default host and every verified custom
 * domain: `GET`, `HEAD` and `OPTIONS` on a GS1 Digital Link path (`/01/{gtin}[/22/…][/10/…][/21/…]`;
 * another primary key is a 400) and `/.well-known/gs1resolver`. The decisions are @qr/gs1's
 * (parseGs1Request, resolveGs1); this route reads the codes, applies the opening rules of the code
 * scanned (the most specific that exists), and counts every resolution as a scan of it, with the
 * link type served, exactly as a short link is counted (committed before the answer). HEAD and
 * OPTIONS count nothing. Every answer carries GS1_RESOLVER_HEADERS (CORS included).
 */
export class Gs1ResolverRoute implements FastRoute {
  readonly name = 'gs1-resolver';
  private readonly clock: Clock;

  constructor(private readonly d: Gs1ResolverDeps) {
    this.clock = d.clock ?? systemClock;
  }

  matches(req: IncomingMessage, pathname: string): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') return false;
    return pathname === DESCRIPTION_PATH || PRIMARY_KEY_PREFIXES.some((prefix) => pathname.startsWith(prefix));
  }

  async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const headOnly = req.method === 'HEAD';
    const origin = this.originOf(req);
    if (pathname === DESCRIPTION_PATH) {
      if (req.method === 'OPTIONS') return send(res, 204, GS1_RESOLVER_HEADERS);
      return sendJson(
        res,
        200,
        { ...GS1_RESOLVER_HEADERS, 'Content-Type': 'application/json' },
        resolverDescription(origin, 'QR platform GS1 resolver'),
        headOnly,
      );
    }
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const parsed = parseGs1Request({
      origin,
      path: pathname,
      query: queryAt === -1 ? '' : url.slice(queryAt + 1),
      accept: header(req, 'accept'),
      acceptLanguage: header(req, 'accept-language'),
    });
    if (req.method === 'OPTIONS')
      return send(res, 204, parsed.ok ? { ...GS1_RESOLVER_HEADERS, Link: linkHeader(parsed.request, false) } : GS1_RESOLVER_HEADERS);
    if (!parsed.ok) {
      this.d.onScan('gs1_invalid');
      const problem = { type: 'about:blank', title: 'Invalid GS1 Digital Link URI', status: 400, errors: parsed.problems };
      return sendJson(res, 400, { ...GS1_RESOLVER_HEADERS, 'Content-Type': 'application/problem+json' }, problem, headOnly);
    }
    return this.resolve(req, res, parsed.request, headOnly);
  }

  private async resolve(req: IncomingMessage, res: ServerResponse, request: ParsedGs1Request, headOnly: boolean): Promise<void> {
    const host = hostOf(req);
    const domainHost = this.d.sharedHosts.has(host) ? null : host;
    for (let stale = 0; ; stale++) {
      // Answered from the cache without a turn of the event loop when it can be, as a short link's scan is.
      const codes =
        stale === 0
          ? (this.d.codes.cached(domainHost, request.levelPaths) ?? (await this.d.codes.find(domainHost, request.levelPaths)))
          : await this.d.codes.reread(domainHost, request.levelPaths);
      const candidates: Candidate[] = codes.map((link) => ({ content: link.content as unknown as Gs1Content, path: link.gs1_path ?? undefined, link }));
      const answer = resolveGs1(request, candidates);
      if (answer.kind === 'not_found' && !answer.code) {
        this.d.onScan('not_found');
        const problem = { type: 'about:blank', title: 'No code for this GS1 Digital Link URI', status: 404, code: answer.reason };
        return sendJson(res, 404, { ...answer.headers, 'Content-Type': 'application/problem+json' }, problem, headOnly);
      }
      const scanned = answer.code!.link;
      const now = this.clock();
      const admission = admitScan(openingRulesOf(scanned), { scanCount: scanned.scan_count, deleted: scanned.deleted_at !== null, now });
      if (!admission.open) return this.closed(res, scanned, admission.reason, admission.status, admission.opensAt, answer.headers, headOnly);
      if (answer.kind === 'not_found') {
        this.d.onScan('not_found');
        const problem = { type: 'about:blank', title: `No link of type ${answer.linkType}`, status: 404, code: answer.reason };
        return sendJson(res, 404, { ...answer.headers, 'Content-Type': 'application/problem+json' }, problem, headOnly);
      }
      if (headOnly) {
        this.d.onScan('head');
        return answer.kind === 'linkset' ? sendJson(res, 200, answer.headers, answer.body, true) : send(res, 307, answer.headers);
      }
      const visitor = visitorFactsOf(readScanRequest(req, this.d.classifier, this.d), await this.d.salts.current());
      const destination = answer.kind === 'redirect' ? answer.location : null;
      const outcome = await this.d.recorder.record(scanned, { ...visitor, destination, link_type: answer.linkType }, now);
      if (outcome.admitted) {
        this.d.onScan('open');
        return answer.kind === 'linkset' ? sendJson(res, 200, answer.headers, answer.body, false) : send(res, 307, answer.headers);
      }
      if (!outcome.stale) return this.closed(res, scanned, 'limit_reached', 410, null, answer.headers, false);
      // The code changed after it was read: resolved again on the rows as they are now.
      if (stale >= STALE_RETRIES) {
        this.d.onScan('changing');
        return send(res, 503, { ...GS1_RESOLVER_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }, 'This code is being changed; try again in a moment.');
      }
    }
  }

  private closed(
    res: ServerResponse,
    link: LinkRecord,
    reason: ClosedReason,
    status: number,
    opensAt: Date | null,
    headers: Record<string, string>,
    headOnly: boolean,
  ): void {
    this.d.onScan(reason);
    if (link.fallback_url) return send(res, 307, { ...headers, Location: link.fallback_url });
    const page = renderClosedPage(reason, { status, opensAt, timezone: link.timezone });
    send(res, status, { ...headers, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': page.csp }, headOnly ? undefined : page.html);
  }

  /** The origin the request was made to: anchors and the Link header name it. Behind a trusted proxy its scheme is the proxy's. */
  private originOf(req: IncomingMessage): string {
    return `${isHttps(req, this.d.trustProxy) ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
  }
}

/**
 * Headers go to node:http as one name/value list (respond.ts says why): the resolver's answers carry
 * ten of them, and the object form cost a spread and a key walk more per answer.
 */
function headerList(headers: Readonly<Record<string, string>>, length: number): string[] {
  const list: string[] = [];
  for (const name in headers) list.push(name, headers[name]);
  list.push('X-Robots-Tag', 'noindex', 'Content-Length', String(length));
  return list;
}

function send(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body?: string): void {
  const bytes = body === undefined ? undefined : Buffer.from(body, 'utf8');
  res.writeHead(status, headerList(headers, bytes?.length ?? 0));
  res.end(bytes);
}

function sendJson(res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: unknown, headOnly: boolean): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, headerList(headers, bytes.length));
  res.end(headOnly ? undefined : bytes);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
