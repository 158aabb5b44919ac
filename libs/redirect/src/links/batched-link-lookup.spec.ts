import { BatchedLinkLookup } from './batched-link-lookup';
import { type LinkRecord } from './link-record';

const link = (short_code: string) => ({ short_code, route_key: short_code, qr_id: `qr_${short_code}` }) as unknown as LinkRecord;

describe('BatchedLinkLookup', () => {
  it('reads every code asked in one turn of the event loop with one read, each code once, and answers each asker', async () => {
    const reads: string[][] = [];
    const lookup = new BatchedLinkLookup(async (codes) => {
      reads.push(codes);
      return codes.filter((c) => c !== 'gone').map(link);
    });
    const answers = await Promise.all(['abcd', 'efgh', 'abcd', 'gone'].map((c) => lookup.find(c)));
    expect(reads).toEqual([['abcd', 'efgh', 'gone']]);
    expect(answers.map((a) => a?.short_code ?? null)).toEqual(['abcd', 'efgh', 'abcd', null]);
    // A later lookup is a later read: it sees whatever was committed after the first one.
    await lookup.find('efgh');
    expect(reads).toEqual([['abcd', 'efgh', 'gone'], ['efgh']]);
  });

  it('fails every asker of a read that failed, and the next read still works', async () => {
    let fail = true;
    const lookup = new BatchedLinkLookup(async (codes) => {
      if (fail) throw new Error('database down');
      return codes.map(link);
    });
    const failed = await Promise.allSettled([lookup.find('abcd'), lookup.find('efgh')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await lookup.find('abcd'))?.qr_id).toBe('qr_abcd');
  });

  it('splits a large turn into reads of at most 500 codes', async () => {
    const sizes: number[] = [];
    const lookup = new BatchedLinkLookup(async (codes) => {
      sizes.push(codes.length);
      return codes.map(link);
    });
    const answers = await Promise.all(Array.from({ length: 1200 }, (_, i) => lookup.find(`code${i}`)));
    expect(sizes).toEqual([500, 500, 200]);
    expect(answers[1199]?.short_code).toBe('code1199');
  });
});
