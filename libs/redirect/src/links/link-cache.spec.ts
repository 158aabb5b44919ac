import { LinkCache } from './link-cache';
import { type LinkRecord, routeKey } from './link-record';

const link = (o: Partial<LinkRecord>) =>
  ({ short_code: 'abcd', route_key: o.short_code ?? 'abcd', qr_id: 'qr_1', revision: 1, deleted_at: null, scan_count: 0, ...o }) as LinkRecord;

describe('LinkCache', () => {
  it('keeps a newer revision when a read that started before the change finishes after it', () => {
    const cache = new LinkCache();
    cache.put(link({ revision: 3, scan_count: 5 }));
    cache.put(link({ revision: 2, scan_count: 9 }));
    expect(cache.get('abcd')).toMatchObject({ revision: 3, scan_count: 5 });
    cache.put(link({ revision: 4, scan_count: 6 }));
    expect(cache.get('abcd')).toMatchObject({ revision: 4, scan_count: 6 });
  });

  it('does not undelete at the same revision, and never lowers the committed scan count', () => {
    const cache = new LinkCache();
    cache.put(link({ revision: 2, scan_count: 7 }));
    cache.setScanCount('abcd', 10);
    cache.put(link({ revision: 2, deleted_at: 1_000 }));
    expect(cache.get('abcd')).toMatchObject({ deleted_at: 1_000, scan_count: 10 });
    cache.put(link({ revision: 2, deleted_at: null }));
    expect(cache.get('abcd')?.deleted_at).toBe(1_000);
  });

  it('drops the oldest entry past its capacity', () => {
    const cache = new LinkCache(2);
    for (const code of ['aaaa', 'bbbb', 'cccc']) cache.put(link({ short_code: code }));
    expect(cache.get('aaaa')).toBeUndefined();
    expect(cache.get('cccc')?.short_code).toBe('cccc');
  });

  it('forgets an old key, and keys a custom domain code by host and path', () => {
    const cache = new LinkCache();
    cache.put(link({ short_code: 'promo', route_key: routeKey('go.brand.example', 'promo') }));
    expect(cache.get('promo')).toBeUndefined();
    expect(cache.get('go.brand.example/promo')?.short_code).toBe('promo');
    cache.forget('go.brand.example/promo');
    expect(cache.get('go.brand.example/promo')).toBeUndefined();
  });

  describe('gs1 codes by host and path', () => {
    const lot = (o: Partial<LinkRecord> = {}) => link({ short_code: 'lot1', qr_id: 'qr_lot', gs1_path: '/01/09506000134352/10/L1', domain_host: null, ...o });
    const paths = ['/01/09506000134352/10/L1/21/S1', '/01/09506000134352/10/L1', '/01/09506000134352'];

    it('answers only when it knows every path, a code or none', () => {
      const cache = new LinkCache();
      cache.put(lot());
      expect(cache.gs1Links(null, paths)).toBeUndefined();
      cache.noteGs1Absent(null, [paths[0], paths[2]], cache.gs1Generation);
      expect(cache.gs1Links(null, paths)?.map((l) => l.qr_id)).toEqual(['qr_lot']);
      expect(cache.gs1Links('id.brand.example', paths)).toBeUndefined();
    });

    it('does not record an absence read before a gs1 code changed', () => {
      const cache = new LinkCache();
      const generation = cache.gs1Generation;
      cache.put(lot());
      cache.noteGs1Absent(null, [paths[0], paths[2]], generation);
      expect(cache.gs1Links(null, paths)).toBeUndefined();
      // The same row read again is no change.
      const again = cache.gs1Generation;
      cache.put(lot());
      cache.noteGs1Absent(null, [paths[0], paths[2]], again);
      expect(cache.gs1Links(null, paths)).toHaveLength(1);
    });

    it('replaces a known absence with a new code, and forgets a deleted or evicted one', () => {
      const cache = new LinkCache(3);
      cache.noteGs1Absent(null, paths, cache.gs1Generation);
      expect(cache.gs1Links(null, paths)).toEqual([]);
      cache.put(lot());
      expect(cache.gs1Links(null, paths)?.map((l) => l.revision)).toEqual([1]);
      cache.put(lot({ revision: 2, deleted_at: 5 }));
      expect(cache.gs1Links(null, paths)).toBeUndefined();
      cache.put(lot({ short_code: 'lot2', qr_id: 'qr_lot2' }));
      expect(cache.gs1Links(null, [paths[1]])?.map((l) => l.qr_id)).toEqual(['qr_lot2']);
      for (const code of ['aaaa', 'bbbb', 'cccc']) cache.put(link({ short_code: code }));
      expect(cache.get('lot2')).toBeUndefined();
      expect(cache.gs1Links(null, [paths[1]])).toBeUndefined();
    });
  });
});
