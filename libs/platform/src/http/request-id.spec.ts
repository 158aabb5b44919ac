import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdOf } from './problem-response';
import { assignRequestId } from './request-id';

function fakeExchange(offered?: string | string[]) {
  const req = { headers: offered === undefined ? {} : { 'x-request-id': offered } } as unknown as IncomingMessage;
  const set = new Map<string, unknown>();
  const res = {
    setHeader(name: string, value: unknown) {
      set.set(name, value);
      return res;
    },
  } as unknown as ServerResponse;
  return { req, res, set };
}

const MINTED = /^req_[0-9a-f]{32}$/;

describe('assignRequestId', () => {
  it.each([
    ['a UUID', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
    ['the shortest allowed (8)', 'abcd1234'],
    ['the longest allowed (128)', 'a'.repeat(128)],
    ['dots, colons, underscores', 'trace:abc_def.123-x'],
  ])('keeps a sane caller id: %s', (_label, offered) => {
    const { req, res, set } = fakeExchange(offered);
    expect(assignRequestId(req, res)).toBe(offered);
    expect(set.get('X-Request-Id')).toBe(offered);
    expect(requestIdOf(req)).toBe(offered);
  });

  it.each([
    ['with a space', 'abc def 123'],
    ['with a newline (log injection)', 'abcdefgh\n{"level":"error"}'],
    ['with a carriage return', 'abcdefgh\rxyz'],
    ['too short (7)', 'abc1234'],
    ['too long (129)', 'a'.repeat(129)],
    ['empty', ''],
    ['with HTML', '<script>alert(1)</script>'],
    ['with a slash', 'abc/def/ghi'],
    ['non-ASCII', 'ïdentifïer-123'],
  ])('replaces an unsafe caller id: %s', (_label, offered) => {
    const { req, res, set } = fakeExchange(offered);
    const id = assignRequestId(req, res);
    expect(id).not.toBe(offered);
    expect(id).toMatch(MINTED);
    expect(set.get('X-Request-Id')).toBe(id);
    expect(requestIdOf(req)).toBe(id);
  });

  it('replaces a repeated header (an array)', () => {
    const { req, res, set } = fakeExchange(['abcdefgh1', 'abcdefgh2']);
    const id = assignRequestId(req, res);
    expect(id).toMatch(MINTED);
    expect(set.get('X-Request-Id')).toBe(id);
  });

  it('mints one when none is offered, and a different one each time', () => {
    const a = fakeExchange();
    const b = fakeExchange();
    const idA = assignRequestId(a.req, a.res);
    const idB = assignRequestId(b.req, b.res);
    expect(idA).toMatch(MINTED);
    expect(idB).toMatch(MINTED);
    expect(idA).not.toBe(idB);
    expect(a.set.get('X-Request-Id')).toBe(idA);
    expect(b.set.get('X-Request-Id')).toBe(idB);
  });
});
