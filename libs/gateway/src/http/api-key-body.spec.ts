import { type ApiError } from '@qr/domain';
import { ApiKeyInput, expiryOf, readDeclared } from '@qr/api-contract';

/** What POST /api-keys reads from its body. */
const readCreateApiKeyBody = (body: unknown) => {
  const input = readDeclared(ApiKeyInput, body);
  return { name: input.name, role: input.role ?? undefined, expires_at: expiryOf(input) };
};

const pointers = (body: unknown) => {
  try {
    readCreateApiKeyBody(body);
  } catch (err) {
    return (err as ApiError).errors?.map((e) => `${e.pointer} ${e.code}`).sort();
  }
  return [];
};

describe('readCreateApiKeyBody', () => {
  it('reads a name, a role and an expiry with an offset', () => {
    expect(readCreateApiKeyBody({ name: 'CI', role: 'viewer', expires_at: '2030-01-01T10:00:00+02:00' })).toEqual({
      name: 'CI',
      role: 'viewer',
      expires_at: new Date('2030-01-01T08:00:00Z'),
    });
  });

  it('takes a null role or expiry as not given', () => {
    expect(readCreateApiKeyBody({ name: 'CI', role: null, expires_at: null })).toEqual({ name: 'CI', role: undefined, expires_at: undefined });
  });

  it('refuses an empty name, an unknown role, a timestamp without an offset and unknown fields, all at once', () => {
    expect(pointers({ name: '', role: 'admin', expires_at: '2030-01-01T00:00:00', extra: true })).toEqual([
      '/expires_at invalid',
      '/extra unknown_field',
      '/name required',
      '/role invalid',
    ]);
  });
});
