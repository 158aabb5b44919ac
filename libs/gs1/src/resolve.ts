import type { FieldError } from '@qr/domain';
import { aiRole, dataAttributesErrors } from './application-identifiers';
import { acceptsLinkset, chooseLink } from './choose-link';
import { decompressDigitalLinkPath, isCompressedDigitalLinkPath } from './compressed-uri';
import { decodeSegment, digitalLinkPath, type Gs1Key, keyLevels, parseDigitalLinkPath } from './digital-link-path';
import { type Gs1Content, gs1ContentKey, type Gs1Link } from './gs1-content';
import { buildLinkset, type Linkset } from './linkset';
import { toLinkTypeCurie } from './link-types';

/*
 * The resolver's decisions as pure functions (GS1-Conformant Resolver 1.2). A route reads the
 * request, calls parseGs1Request, looks up the codes of `levelPaths` on the request's host, and
 * hands them to resolveGs1, which says what to answer: a 307 to a link, the linkset, or a 404.
 * A failed parse is the 400. Every answer carries GS1_RESOLVER_HEADERS.
 */

/** A request as the route received it. */
export interface Gs1ResolverRequest {
  /** Scheme and host (with port) the request was made to: `https://id.brand.com`. */
  origin: string;
  /** The raw path, without the query. */
  path: string;
  /** The raw query string without `?`; empty when there is none. */
  query: string;
  accept?: string;
  acceptLanguage?: string;
}

/** A request that is a valid GTIN Digital Link URI. */
export interface ParsedGs1Request {
  origin: string;
  key: Gs1Key;
  /** Canonical paths from the request's level up to the GTIN: the codes to look up. */
  levelPaths: string[];
  /** The canonical, uncompressed request URI without its query: the linkset's first anchor. */
  requestUri: string;
  /** `?linkType=` as a CURIE when it names a GS1 link type, else as sent (`linkset`, `all`, `gs1:nosuchlt`). */
  linkType?: string;
  /** True for `linkType=linkset` or `all`, or Accept preferring `application/linkset+json` without a linkType. */
  wantsLinkset: boolean;
  context?: string;
  /** The query string passed on to the target, as received (plus the data attributes of a compressed URI). */
  passOnQuery: string;
  accept?: string;
  acceptLanguage?: string;
  /** Set when the request URI was compressed: the uncompressed URI with its data attributes. */
  uncompressedUri?: string;
}

export type Gs1RequestParse = { ok: true; request: ParsedGs1Request } | { ok: false; problems: FieldError[] };

/** A stored code the resolver may answer with; `C` carries whatever else the route needs (ids, rules). */
export interface Gs1Candidate {
  content: Gs1Content;
  /** The content's canonical path (`digitalLinkPath(gs1ContentKey(content))`) when the caller keeps it; computed otherwise. */
  path?: string;
}

export type Gs1Resolution<C extends Gs1Candidate> =
  | {
      kind: 'redirect';
      status: 307;
      location: string;
      /** The link type served, for scans and analytics: `gs1:pip`. */
      linkType: string;
      link: Gs1Link;
      /** The most specific code that exists for the request: the one scanned. */
      code: C;
      /** The code the link belongs to: `code` or one of its less specific levels. */
      linkOwner: C;
      headers: Record<string, string>;
    }
  | { kind: 'linkset'; status: 200; linkType: 'linkset'; body: Linkset; code: C; headers: Record<string, string> }
  | { kind: 'not_found'; status: 404; reason: 'no_code' | 'no_link_of_type'; linkType?: string; code?: C; headers: Record<string, string> };

/** Headers for every resolver answer, the 400s and OPTIONS included (the suite reads CORS from OPTIONS). */
export const GS1_RESOLVER_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'Accept, Accept-Language',
  'Access-Control-Expose-Headers': 'Link, Location',
  Vary: 'Accept, Accept-Language',
  'Cache-Control': 'no-store',
};

/** The JSON-LD context GS1 publishes for linksets. */
export const GS1_LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

/**
 * Reads a resolver request, or gives the problems a 400 reports: the path (parseDigitalLinkPath,
 * after decompression when it has a compressed shape and does not start with a valid /01/ path) and
 * the query: key qualifiers and other keys are refused there, and the data attributes of
 * dataAttributesErrors are checked (problems point at `/query/{ai}`). Other parameters are passed
 * on unchecked.
 */
export function parseGs1Request(request: Gs1ResolverRequest): Gs1RequestParse {
  let path = request.path;
  let query = request.query;
  let uncompressed = false;
  let parsed = parseDigitalLinkPath(path);
  if (!parsed.ok && isCompressedDigitalLinkPath(path)) {
    const decompressed = decompressDigitalLinkPath(path);
    // `/01/{gtin}/foo` has the shape of a partly compressed URI; its path problem says more.
    if (!decompressed.ok) return path.startsWith('/01/') ? parsed : decompressed;
    path = decompressed.path;
    query = [decompressed.query, request.query].filter(Boolean).join('&');
    uncompressed = true;
    parsed = parseDigitalLinkPath(path);
  }
  const params = readQuery(query);
  const problems = [...(parsed.ok ? [] : parsed.problems), ...params.problems];
  if (!parsed.ok || problems.length > 0) return { ok: false, problems };
  const levelPaths = keyLevels(parsed.key).map(digitalLinkPath);
  const requestUri = request.origin + levelPaths[0];
  const linkType = params.linkType === undefined ? undefined : (toLinkTypeCurie(params.linkType) ?? params.linkType);
  return {
    ok: true,
    request: {
      origin: request.origin,
      key: parsed.key,
      levelPaths,
      requestUri,
      linkType,
      wantsLinkset: linkType === 'linkset' || linkType === 'all' || (linkType === undefined && acceptsLinkset(request.accept)),
      context: params.context,
      passOnQuery: query,
      accept: request.accept,
      acceptLanguage: request.acceptLanguage,
      uncompressedUri: uncompressed ? requestUri + (query ? `?${query}` : '') : undefined,
    },
  };
}

/**
 * What to answer to a parsed request, given the stored codes of its GTIN on the request's host (any
 * levels; those not on the request's fallback chain are ignored):
 *
 * - no code on the chain: 404 `no_code`;
 * - the linkset asked for: 200 with every link of every level that exists, most specific first;
 * - a linkType (not `gs1:defaultLink`/`defaultLinkMulti`): the most specific level that has links
 *   of that type, its best link (chooseLink), or 404 `no_link_of_type`;
 * - otherwise the default link of the most specific code, or a better link of the same type.
 *
 * A redirect's Location is the link's href with the request's query string appended.
 */
export function resolveGs1<C extends Gs1Candidate>(request: ParsedGs1Request, candidates: readonly C[]): Gs1Resolution<C> {
  const chain = request.levelPaths
    .map((path) => candidates.find((code) => (code.path ?? digitalLinkPath(gs1ContentKey(code.content))) === path))
    .filter((level): level is C => level !== undefined);
  if (chain.length === 0) return { kind: 'not_found', status: 404, reason: 'no_code', linkType: request.linkType, headers: { ...GS1_RESOLVER_HEADERS } };
  const code = chain[0];
  if (request.wantsLinkset) {
    const body = buildLinkset(
      request.origin,
      chain.map((level) => level.content),
    );
    const headers = { ...GS1_RESOLVER_HEADERS, 'Content-Type': 'application/linkset+json', Link: linkHeader(request, true) };
    return { kind: 'linkset', status: 200, linkType: 'linkset', body, code, headers };
  }
  const wanted = request.linkType === 'gs1:defaultLink' || request.linkType === 'gs1:defaultLinkMulti' ? undefined : request.linkType;
  let owner: C | undefined;
  let links: readonly Gs1Link[] = [];
  if (wanted === undefined) {
    owner = code;
    // Validation guarantees one default; stored data it would refuse still gets an answer, not an exception.
    const fallback = code.content.links.find((link) => link.default === true) ?? code.content.links[0];
    links = fallback ? code.content.links.filter((link) => link.link_type === fallback.link_type) : [];
  } else {
    owner = chain.find((level) => level.content.links.some((link) => link.link_type === wanted));
    links = owner?.content.links.filter((link) => link.link_type === wanted) ?? [];
  }
  if (!owner || links.length === 0) {
    return {
      kind: 'not_found',
      status: 404,
      reason: 'no_link_of_type',
      linkType: wanted,
      code,
      headers: { ...GS1_RESOLVER_HEADERS, Link: linkHeader(request, false) },
    };
  }
  const link = chooseLink(links, request);
  const location = withQuery(link.href, request.passOnQuery);
  return {
    kind: 'redirect',
    status: 307,
    location,
    linkType: link.link_type,
    link,
    code,
    linkOwner: owner,
    headers: { ...GS1_RESOLVER_HEADERS, Location: location, Link: linkHeader(request, false) },
  };
}

/**
 * The `Link` header of an answer about `request`: the linkset of the request URI; on the linkset
 * itself also its JSON-LD context; for a compressed request URI also the uncompressed one
 * (`owl:sameAs`). One header line, entries separated by commas; an OPTIONS answer carries it too.
 *
 * @example linkHeader(request, false) // '<https://id.brand.com/01/09506000134352?linkType=linkset>; rel="linkset"; type="application/linkset+json"'
 */
export function linkHeader(request: ParsedGs1Request, withContext: boolean): string {
  const entries = [`<${request.requestUri}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`];
  if (withContext) entries.push(`<${GS1_LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`);
  if (request.uncompressedUri) entries.push(`<${request.uncompressedUri}>; rel="owl:sameAs"`);
  return entries.join(', ');
}

interface QueryParams {
  linkType?: string;
  context?: string;
  problems: FieldError[];
}

function readQuery(query: string): QueryParams {
  const params: QueryParams = { problems: [] };
  const data: Record<string, string> = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const parts = equals === -1 ? [pair, ''] : [pair.slice(0, equals), pair.slice(equals + 1)];
    const [name, value] = parts.map((part) => decodeSegment(part.replace(/\+/g, ' ')));
    if (name === null || value === null) {
      params.problems.push({ pointer: '/query', code: 'invalid_encoding', detail: 'The query string is not valid percent-encoded UTF-8.' });
      continue;
    }
    if (name === 'linkType' && value !== '') params.linkType ??= value;
    else if (name === 'context' && value !== '') params.context ??= value;
    else if (/^\d{2,4}$/.test(name)) readAi(name, value, data, params.problems);
  }
  params.problems.push(...dataAttributesErrors(data, '/query'));
  return params;
}

function readAi(ai: string, value: string, data: Record<string, string>, problems: FieldError[]): void {
  const pointer = `/query/${ai}`;
  const role = aiRole(ai);
  if (role === 'gtin' || role === 'qualifier' || role === 'other_key') {
    const detail = role === 'other_key' ? `${ai} is a GS1 key or qualifier that does not go with a GTIN.` : `${ai} belongs in the path, not the query string.`;
    problems.push({ pointer, code: 'not_allowed_in_query', detail });
  } else if (role === 'data_attribute') {
    if (ai in data) problems.push({ pointer, code: 'duplicate', detail: `${ai} is given twice.` });
    else data[ai] = value;
  }
}

function withQuery(href: string, query: string): string {
  if (!query) return href;
  const hashAt = href.indexOf('#');
  const base = hashAt === -1 ? href : href.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : href.slice(hashAt);
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}
