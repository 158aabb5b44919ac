/*
 * Accept-Language (RFC 9110 §12.5.4): comma-separated language ranges, each with an optional
 * weight `;q=0.0…1`. Entries that are not a language (`*`, `x-…`, junk) or have a malformed
 * weight are skipped rather than failing the header: a browser's header is never wrong on purpose,
 * and the visitor is still worth a language. q=0 means "not this one" and is skipped too.
 */

const PRIMARY_SUBTAG = /^[a-z]{2,3}$/;
const WEIGHT = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;
// Browsers send a handful of entries; a header with hundreds is crafted, and its tail is ignored.
const MAX_ENTRIES = 32;

interface Candidate {
  language: string;
  weight: number;
}

/**
 * Primary language subtag (lowercase, 2–3 letters) of the highest-q entry of Accept-Language;
 * the earlier entry wins a tie. Null when no entry names a language.
 *
 * @example preferredLanguage('de-CH,de;q=0.9,en;q=0.8') // 'de'
 * @example preferredLanguage('en;q=0.5, fr-CA') // 'fr'
 * @example preferredLanguage('*') // null
 */
export function preferredLanguage(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  let best: Candidate | null = null;
  for (const entry of acceptLanguage.split(',').slice(0, MAX_ENTRIES)) {
    const candidate = parseEntry(entry);
    if (candidate && candidate.weight > 0 && (!best || candidate.weight > best.weight)) best = candidate;
  }
  return best?.language ?? null;
}

function parseEntry(entry: string): Candidate | null {
  const [range, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
  // Some apps send POSIX locales (de_CH); the primary subtag is the same.
  const language = range.split(/[-_]/)[0];
  if (!PRIMARY_SUBTAG.test(language)) return null;
  let weight = 1;
  for (const param of params) {
    const match = WEIGHT.exec(param.replace(/\s+/g, ''));
    if (!match) return null;
    weight = Number(match[1]);
  }
  return { language, weight };
}
