import { admin, call, createTempDir, startApp } from '@qr/testing';
import { type BenchRow } from './bench-report';
import { alternate, sameRunRow } from './same-run-redirects';

const GTIN = '09506000134352';
const LOT = 'LOT42';
/** A serial with no code of its own: the resolver falls back serial → lot. */
const SERIAL_PATH = `/01/${GTIN}/10/${LOT}/21/SER0001`;
/** French is the lot's second language, not its default: the resolver must choose by hreflang. */
const LANGUAGE = { 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.5' };
const FRENCH_LOT_PAGE = 'https://brand.example/fr/lots/LOT42';

/**
 * The GS1 Digital Link resolver against a plain short link in the same all-in-one process, the runs
 * alternating: a serial-level URI under a lot code (the serial has no code, so the lot answers), its
 * gs1:pip link chosen among two languages by Accept-Language. Both are one redirect and one counted scan;
 * the resolver reads the levels' codes (one query for the serial, lot and product paths) where the
 * short link reads one route key.
 */
export async function benchGs1(): Promise<BenchRow[]> {
  const dir = createTempDir('bench-gs1');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path });
  try {
    const env = { DATA_DIR: dir.path };
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], env).json;
    const key = String(admin(['key', 'create', '--workspace', String(ws.id), '--name', 'bench'], env).json.secret);
    const create = async (body: Record<string, unknown>) => {
      const res = await call<Record<string, unknown>>(`${server.url}/api/public/v1/qrcodes`, { method: 'POST', key, json: body });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
      return res.body;
    };
    const pip = (lang: string, href: string, isDefault: boolean) => ({
      link_type: 'gs1:pip',
      href,
      title: `Product page (${lang})`,
      hreflang: [lang],
      ...(isDefault ? { default: true } : {}),
    });
    await create({
      type: 'gs1',
      name: 'bench product',
      content: { gtin: GTIN, links: [pip('en', 'https://brand.example/en/rice', true), pip('fr', 'https://brand.example/fr/riz', false)] },
    });
    await create({
      type: 'gs1',
      name: 'bench lot',
      content: { gtin: GTIN, lot: LOT, links: [pip('en', 'https://brand.example/en/lots/LOT42', true), pip('fr', FRENCH_LOT_PAGE, false)] },
    });
    const website = await create({ type: 'website', content: { url: 'https://example.com/landing' } });
    const gs1 = `${server.url}${SERIAL_PATH}`;
    // The row measures what it says only if the serial URI lands on the lot's French link.
    const probe = await call(gs1, { headers: LANGUAGE });
    if (probe.status !== 307 || probe.headers.get('location') !== FRENCH_LOT_PAGE)
      throw new Error(`the serial URI answered ${probe.status} ${probe.headers.get('location')}, not 307 ${FRENCH_LOT_PAGE}`);
    const got = await alternate({
      plain: { url: `${server.url}/${String(website.short_code)}`, headers: LANGUAGE },
      gs1: { url: gs1, headers: LANGUAGE },
    });
    return [
      sameRunRow(
        'GS1 Digital Link, serial URI resolved at its lot (serial → lot fallback, language by `Accept-Language`, all-in-one)',
        got.gs1,
        got.plain,
        'a short link of a website code',
        2,
        'target ≥ 0.80×',
      ),
    ];
  } finally {
    await server.stop();
    dir.remove();
  }
}
