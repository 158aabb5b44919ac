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
});
