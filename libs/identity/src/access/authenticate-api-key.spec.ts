import { ApiError, Errors, generateApiKey, hashApiKey, PLANS, type PlanName } from '@qr/domain';
import { type ApiKeysRepository, type KeyWithWorkspace } from '../workspaces/api-keys.repository';
import { AuthenticateApiKey } from './authenticate-api-key';

const NOW = Date.parse('2026-03-15T12:00:00Z');
const clock = () => new Date(NOW);

/** A deterministic, well-formed key (valid checksum). */
const KEY = generateApiKey((n) => Buffer.alloc(n, 7));

function record(overrides: Partial<KeyWithWorkspace> = {}): KeyWithWorkspace {
  return {
    id: 'key_1',
    workspace_id: 'ws_1',
    name: 'ci',
    role: 'editor',
    key_hash: hashApiKey(KEY),
    key_hint: 'qrk_…',
    created_by_key_id: null,
    created_by_member_id: null,
    last_used_at: null,
    created_at: NOW - 86_400_000,
    expires_at: null,
    revoked_at: null,
    workspace_plan: 'pro',
    ...overrides,
  };
}

/** A fake ApiKeysRepository: the use case looks keys up by digest and records their use. */
function fakeRepo(rows: KeyWithWorkspace[] = [record()]) {
  const findByHash = jest.fn(async (hash: string) => rows.find((r) => r.key_hash === hash) ?? null);
  const touch = jest.fn(async () => undefined);
  return { findByHash, touch, repo: { findByHash, touch } as unknown as ApiKeysRepository };
}

async function errorOf(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

/** Flips the last character of the checksum to another base62 character. */
function withWrongChecksum(key: string): string {
  const last = key[key.length - 1];
  return key.slice(0, -1) + (last === 'A' ? 'B' : 'A');
}

describe('AuthenticateApiKey — one identical 401 for every bad credential', () => {
  const reference = Errors.unauthorized();

  const expectUnauthorized = (err: ApiError) => {
    expect(err.status).toBe(401);
    expect(err.code).toBe(reference.code);
    expect(err.title).toBe(reference.title);
    expect(err.detail).toBe(reference.detail);
    expect(err.errors).toBeUndefined();
    expect(err.headers).toBeUndefined();
  };

  it.each([
    ['missing header', undefined],
    ['empty header', ''],
    ['non-Bearer scheme', `Basic ${KEY}`],
    ['token without scheme', KEY],
    ['Bearer without a token', 'Bearer '],
    ['malformed key (too short)', 'Bearer qrk_abc'],
    ['malformed key (wrong prefix)', `Bearer qrx_${KEY.slice(4)}`],
    ['malformed key (bad character)', `Bearer ${KEY.slice(0, -7)}-${KEY.slice(-6)}`],
    ['two tokens', `Bearer ${KEY} ${KEY}`],
    ['wrong checksum', `Bearer ${withWrongChecksum(KEY)}`],
  ])('%s → 401 without reading the repository', async (_label, header) => {
    const { repo, findByHash } = fakeRepo();
    expectUnauthorized(await errorOf(new AuthenticateApiKey(repo, clock).execute(header)));
    expect(findByHash).not.toHaveBeenCalled();
  });

  it('the wrong-checksum key differs from a valid key only in its checksum (the case is meaningful)', () => {
    const bad = withWrongChecksum(KEY);
    expect(bad).toMatch(/^qrk_[0-9A-Za-z]{32}$/);
    expect(bad.slice(0, -1)).toBe(KEY.slice(0, -1));
    expect(bad).not.toBe(KEY);
  });

  it('unknown key → 401 after looking it up by its SHA-256', async () => {
    const other = generateApiKey((n) => Buffer.alloc(n, 9));
    const { repo, findByHash } = fakeRepo();
    expectUnauthorized(await errorOf(new AuthenticateApiKey(repo, clock).execute(`Bearer ${other}`)));
    expect(findByHash).toHaveBeenCalledTimes(1);
    expect(findByHash).toHaveBeenCalledWith(hashApiKey(other));
  });

  it('revoked key → 401', async () => {
    const { repo } = fakeRepo([record({ revoked_at: NOW - 1 })]);
    expectUnauthorized(await errorOf(new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`)));
  });

  it('a key revoked "in the future" is still revoked (any revoked_at counts)', async () => {
    const { repo } = fakeRepo([record({ revoked_at: NOW + 60_000 })]);
    expectUnauthorized(await errorOf(new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`)));
  });

  it('expired key → 401', async () => {
    const { repo } = fakeRepo([record({ expires_at: NOW - 1000 })]);
    expectUnauthorized(await errorOf(new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`)));
  });

  it('expires_at == now counts as expired', async () => {
    const { repo } = fakeRepo([record({ expires_at: NOW })]);
    expectUnauthorized(await errorOf(new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`)));
  });

  it('expires_at one millisecond after now is still valid', async () => {
    const { repo } = fakeRepo([record({ expires_at: NOW + 1 })]);
    await expect(new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`)).resolves.toMatchObject({ keyId: 'key_1' });
  });

  it('all the 401 bodies are byte-for-byte identical', async () => {
    const cases: Array<[KeyWithWorkspace[], string | undefined]> = [
      [[record()], undefined],
      [[record()], 'Bearer nope'],
      [[], `Bearer ${KEY}`],
      [[record({ revoked_at: NOW })], `Bearer ${KEY}`],
      [[record({ expires_at: NOW })], `Bearer ${KEY}`],
    ];
    const bodies = await Promise.all(
      cases.map(async ([rows, header]) => JSON.stringify((await errorOf(new AuthenticateApiKey(fakeRepo(rows).repo, clock).execute(header))).toJSON())),
    );
    expect(new Set(bodies).size).toBe(1);
  });
});

describe('AuthenticateApiKey — plans and principal', () => {
  it.each<PlanName>(['free', 'starter'])('a valid key on the %s plan → 403 plan_has_no_api_access', async (plan) => {
    const { repo } = fakeRepo([record({ workspace_plan: plan })]);
    const err = await errorOf(new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`));
    expect(err.status).toBe(403);
    expect(err.code).toBe('plan_has_no_api_access');
    expect(err.detail).toContain(plan);
  });

  it('a valid pro key → principal with key, workspace, role and plan', async () => {
    const { repo, findByHash } = fakeRepo([record({ role: 'viewer', workspace_plan: 'pro' })]);
    const principal = await new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`);
    expect(principal).toEqual({ keyId: 'key_1', keyName: 'ci', workspaceId: 'ws_1', role: 'viewer', plan: PLANS.pro });
    expect(findByHash).toHaveBeenCalledWith(hashApiKey(KEY));
  });

  it('a valid agency key → agency plan', async () => {
    const { repo } = fakeRepo([record({ role: 'owner', workspace_plan: 'agency' })]);
    await expect(new AuthenticateApiKey(repo, clock).execute(`Bearer ${KEY}`)).resolves.toMatchObject({ role: 'owner', plan: { name: 'agency' } });
  });

  it.each([`bearer ${KEY}`, `BEARER ${KEY}`, `Bearer   ${KEY}`, `Bearer ${KEY}  `])(
    'accepts the scheme case-insensitively and extra spaces: %j',
    async (header) => {
      const { repo } = fakeRepo();
      await expect(new AuthenticateApiKey(repo, clock).execute(header)).resolves.toMatchObject({ keyId: 'key_1' });
    },
  );

  it('records the use of a key unused for a minute or more, and not more often', async () => {
    const stale = fakeRepo([record({ last_used_at: NOW - 60_000 })]);
    await new AuthenticateApiKey(stale.repo, clock).execute(`Bearer ${KEY}`);
    expect(stale.touch).toHaveBeenCalledWith('key_1', NOW, 60_000);
    const fresh = fakeRepo([record({ last_used_at: NOW - 59_999 })]);
    await new AuthenticateApiKey(fresh.repo, clock).execute(`Bearer ${KEY}`);
    expect(fresh.touch).not.toHaveBeenCalled();
    const never = fakeRepo([record({ last_used_at: null })]);
    await new AuthenticateApiKey(never.repo, clock).execute(`Bearer ${KEY}`);
    expect(never.touch).toHaveBeenCalledTimes(1);
  });

  it('does not record the use of a refused key', async () => {
    const revoked = fakeRepo([record({ revoked_at: NOW - 1 })]);
    await errorOf(new AuthenticateApiKey(revoked.repo, clock).execute(`Bearer ${KEY}`));
    expect(revoked.touch).not.toHaveBeenCalled();
  });

  it('reads the clock for each call (a key expires between two calls)', async () => {
    let now = NOW - 1;
    const { repo } = fakeRepo([record({ expires_at: NOW })]);
    const auth = new AuthenticateApiKey(repo, () => new Date(now));
    await expect(auth.execute(`Bearer ${KEY}`)).resolves.toMatchObject({ keyId: 'key_1' });
    now = NOW;
    await expect(auth.execute(`Bearer ${KEY}`)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
