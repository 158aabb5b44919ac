import type { Gs1Content } from '@qr/gs1';
import type { Gs1ConformanceRun } from './gs1-conformance';

/*
 * The codes GS1's conformance suite runs against and what it must answer, shared by the run against
 * @qr/gs1 on a bare server and the run against the all-in-one (codes created through the API).
 */

export const GTIN = '09506000134352';

// The suite tests each link type at the most specific level that has it, so the three levels
// together exercise one default each, the fallback, languages and media types. No two links of a
// type differ by context alone: the suite's helper drops `context` from its requests.
export const PRODUCT: Gs1Content = {
  gtin: GTIN,
  item_description: 'Dal Giardino risotto rice',
  links: [
    { link_type: 'gs1:pip', href: 'https://brand.example/en/pip', title: 'Product information', type: 'text/html', hreflang: ['en'], default: true },
    { link_type: 'gs1:pip', href: 'https://brand.example/fr/pip', title: 'Informations produit', type: 'text/html', hreflang: ['fr'] },
    { link_type: 'gs1:certificationInfo', href: 'https://brand.example/cert', title: 'Certificates', type: 'text/html' },
    { link_type: 'gs1:certificationInfo', href: 'https://brand.example/cert.pdf', title: 'Certificates (PDF)', type: 'application/pdf' },
    { link_type: 'gs1:recallStatus', href: 'https://brand.example/recalls', title: 'Recalls', type: 'text/html' },
    { link_type: 'gs1:nutritionalInfo', href: 'https://brand.example/nutrition?market=gb', title: 'Nutrition', hreflang: ['en-GB'], context: ['GB'] },
  ],
};
export const LOT: Gs1Content = {
  gtin: GTIN,
  lot: 'ABC123',
  item_description: 'Dal Giardino risotto rice, lot ABC123',
  links: [{ link_type: 'gs1:recallStatus', href: 'https://brand.example/lots/ABC123/recall', title: 'Lot recall status', type: 'text/html', default: true }],
};
export const SERIAL: Gs1Content = {
  gtin: GTIN,
  lot: 'ABC123',
  serial: 'S1',
  links: [{ link_type: 'gs1:dpp', href: 'https://brand.example/dpp/S1', title: 'Digital product passport', type: 'application/ld+json', default: true }],
};
/** The three levels of one GTIN, product first. */
export const CONFORMANCE_CODES: Gs1Content[] = [PRODUCT, LOT, SERIAL];

// The link tests' ids: loFor + link type, plus the link's index when the type has several links.
const LINK_TESTS = [
  'loForgs1pip0',
  'loForgs1pip1',
  'loForgs1certificationInfo0',
  'loForgs1certificationInfo1',
  'loForgs1recallStatus',
  'loForgs1nutritionalInfo',
];

const FIXED_TESTS = [
  'isURL',
  'validDL',
  'isHttps',
  'plausibleDL',
  'basicWalkUp',
  'tlsOK',
  'rdFile',
  'httpVersion',
  'corsCheck',
  'linkOnRedirect',
  'legacyLinkHeaders',
  'methodsCheck',
  'reportWith400',
  'noErrorWith200',
  'trailingSlash',
  'qsPassedOn',
  'ltLinksetNoRedirect',
  'ltAcceptHeader',
  'validLinkset',
  'linksetJsonldCheck',
  'declaredContentType',
  'defaultLinkExists',
  'singleDefaulLink',
  'defaultTarget',
  'linkTypesDefined',
  'specificLinkTypeNotFound',
];

// Needs ref.gs1.org: the resolver description schema (rdFile) and the ratified link type list (linkTypesDefined).
export const NEEDS_REF_GS1_ORG: Record<string, 'fail' | 'warn'> = { rdFile: 'fail', linkTypesDefined: 'warn' };

/** The URI of each level and the link tests the suite runs on it. */
export const CONFORMANCE_LEVELS: Array<[level: string, path: string, linkTests: string[]]> = [
  ['product', `/01/${GTIN}`, LINK_TESTS],
  ['lot', `/01/${GTIN}/10/ABC123`, LINK_TESTS],
  ['serial', `/01/${GTIN}/10/ABC123/21/S1`, ['loForgs1dpp', ...LINK_TESTS]],
];

/**
 * What a run said and what it must say: every test passes but the two that need ref.gs1.org
 * (`statuses` equals `expected`); every fixed test ran, and one per link (or link type) of the
 * linkset, which runs only once the linkset validates: nothing skipped, no 300 group, no fallback to
 * the deprecated linkType=all (`ran` equals `mustRun`). `rdFileMsg` must say that the description
 * was fetched over TLS with CORS and only GS1's schema was out of reach. A plain object, so the
 * build (which has no jest globals) compiles this file; the specs assert.
 */
export function conformanceVerdict(run: Gs1ConformanceRun, linkTests: readonly string[]) {
  const statuses = Object.fromEntries(run.results.map((result) => [result.id, result.status]));
  const expected = Object.fromEntries(run.results.map((result) => [result.id, NEEDS_REF_GS1_ORG[result.id] ?? 'pass']));
  if (JSON.stringify(statuses) !== JSON.stringify(expected)) console.log(JSON.stringify(run, null, 2));
  return {
    statuses,
    expected,
    ran: Object.keys(statuses).sort(),
    mustRun: [...FIXED_TESTS, ...linkTests].sort(),
    rdFileMsg: run.results.find((result) => result.id === 'rdFile')?.msg ?? '',
  };
}

/** The message rdFile gives when only GS1's schema for the description was out of reach. */
export const RD_FILE_WITHOUT_SCHEMA = /found but does not validate.*Unable to fetch schema/;
