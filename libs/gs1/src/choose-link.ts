import type { Gs1Link } from './gs1-content';

/*
 * Which of several links of one type a request gets (GS1-Conformant Resolver: "redirect to the
 * default link unless there is information in the request that can be matched against available
 * link metadata to provide a better response"). Links are compared on, in this order:
 *
 * 1. `?context=`: a link listing that context, then links with no context, then the others;
 * 2. Accept-Language (RFC 9110 §12.5.4, q-values respected): the highest q that one of the link's
 *    hreflang tags matches, an exact tag before a prefix (`en` and `en-GB` match both ways) before
 *    a shared primary subtag (`en-US` for `en-GB`); a link without hreflang beats one in a
 *    language the request did not ask for;
 * 3. Accept: the highest q matching the link's type, `text/html` before `text/*`; `*\/*` and
 *    values that are not media types (`undefined`) say nothing; a link without a type beats one
 *    of a type the request did not ask for;
 * 4. the default link;
 * 5. when the request named no language, a link without hreflang (it is for everyone); likewise
 *    without context when it named no context;
 * 6. list order.
 *
 * So a request with nothing to say gets the default, and validation (no two links of one type
 * with the same type, languages and contexts) leaves no tie a 300 Multiple Choices would answer.
 */

interface Range {
  value: string;
  q: number;
}

// Browsers send a handful of entries; a header with hundreds is crafted, and its tail is ignored.
const MAX_ENTRIES = 32;
const QVALUE = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;
const LANGUAGE_RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
const MEDIA_RANGE = /^[\w.+-]+\/(?:\*|[\w.+-]+)$/;

/**
 * The best of `links` for what a request says about the link it wants; `links` is not empty and all of one link type.
 *
 * @example chooseLink(pipLinks, { acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.5' }) // the hreflang ['fr'] link
 */
export function chooseLink<L extends Gs1Link>(links: readonly L[], preferences: { accept?: string; acceptLanguage?: string; context?: string }): L {
  const languages = parseRanges(preferences.acceptLanguage, LANGUAGE_RANGE);
  const mediaTypes = parseRanges(preferences.accept, MEDIA_RANGE).filter((range) => range.value !== '*/*');
  const context = preferences.context || undefined;
  let best = links[0];
  let bestScore = score(best, 0, languages, mediaTypes, context);
  for (let index = 1; index < links.length; index++) {
    const candidate = score(links[index], index, languages, mediaTypes, context);
    if (isBetter(candidate, bestScore)) {
      best = links[index];
      bestScore = candidate;
    }
  }
  return best;
}

/**
 * True when Accept asks for the linkset: `application/linkset+json` listed with q > 0 and no entry
 * preferred over it (a browser's `text/html,…,*\/*;q=0.8` is not such a request).
 */
export function acceptsLinkset(accept: string | undefined): boolean {
  const ranges = parseRanges(accept, MEDIA_RANGE);
  const linkset = ranges.find((range) => range.value === 'application/linkset+json');
  return linkset !== undefined && linkset.q > 0 && ranges.every((range) => range.q <= linkset.q);
}

function score(link: Gs1Link, index: number, languages: Range[], mediaTypes: Range[], context: string | undefined): number[] {
  const contexts = link.context ?? [];
  const hreflang = link.hreflang ?? [];
  return [
    context === undefined ? 0 : contexts.includes(context) ? 2 : contexts.length === 0 ? 1 : 0,
    ...matchScore(languages, hreflang.length === 0, (range) => Math.max(0, ...hreflang.map((tag) => languageMatch(range, tag)))),
    ...matchScore(mediaTypes, link.type === undefined, (range) => (link.type === undefined ? 0 : mediaTypeMatch(range, link.type))),
    link.default === true ? 1 : 0,
    languages.length === 0 && hreflang.length === 0 ? 1 : 0,
    context === undefined && contexts.length === 0 ? 1 : 0,
    -index,
  ];
}

// [matched, q, precision, neutral]: a match at any q beats a neutral link, which beats a mismatch.
// A request without the header prefers nothing, so the default can win.
function matchScore(ranges: Range[], neutral: boolean, precision: (range: Range) => number): number[] {
  if (ranges.length === 0) return [0, 0, 0, 0];
  let bestQ = 0;
  let bestPrecision = 0;
  for (const range of ranges) {
    const p = range.q > 0 ? precision(range) : 0;
    if (p > 0 && (range.q > bestQ || (range.q === bestQ && p > bestPrecision))) {
      bestQ = range.q;
      bestPrecision = p;
    }
  }
  return bestPrecision > 0 ? [1, bestQ, bestPrecision, 0] : [0, 0, 0, neutral ? 1 : 0];
}

function languageMatch(range: Range, tag: string): number {
  const wanted = range.value.toLowerCase();
  const offered = tag.toLowerCase();
  if (wanted === offered) return 4;
  if (offered.startsWith(`${wanted}-`) || wanted.startsWith(`${offered}-`)) return 3;
  if (wanted.split('-')[0] === offered.split('-')[0]) return 2;
  return wanted === '*' ? 1 : 0;
}

function mediaTypeMatch(range: Range, type: string): number {
  const offered = type.toLowerCase();
  if (range.value === offered) return 2;
  return range.value.endsWith('/*') && offered.startsWith(range.value.slice(0, -1)) ? 1 : 0;
}

function isBetter(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i] > b[i];
  }
  return false;
}

/** Comma-separated ranges with `;q=` weights; malformed entries are skipped, not fatal. */
function parseRanges(header: string | undefined, valid: RegExp): Range[] {
  if (!header) return [];
  const ranges: Range[] = [];
  for (const entry of header.split(',').slice(0, MAX_ENTRIES)) {
    const [value, ...params] = entry.split(';').map((part) => part.trim());
    if (!valid.test(value)) continue;
    let q = 1;
    for (const param of params) {
      const match = QVALUE.exec(param.replace(/\s+/g, ''));
      if (match) q = Number(match[1]);
    }
    ranges.push({ value: value.toLowerCase(), q });
  }
  return ranges;
}
