import { copyRows, libpqEnv } from './postgres-dump';

describe('libpqEnv', () => {
  it('puts every part of the URL, the password too, in PG* variables, never on a command line', () => {
    expect(libpqEnv('postgres://app:s%40cret@db.internal:6543/qr_prod?sslmode=verify-full&application_name=x')).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '6543',
      PGUSER: 'app',
      PGPASSWORD: 's@cret',
      PGDATABASE: 'qr_prod',
      PGSSLMODE: 'verify-full',
    });
    expect(libpqEnv('postgres://postgres@127.0.0.1/qr')).toEqual({ PGHOST: '127.0.0.1', PGUSER: 'postgres', PGDATABASE: 'qr' });
  });
});

describe('copyRows', () => {
  it("reads one table's COPY block from pg_restore's text, NULLs and escapes included", () => {
    const text = [
      'SET statement_timeout = 0;',
      'COPY webhooks.other (id) FROM stdin;',
      'x',
      '\\.',
      'COPY webhooks.webhook_endpoints (id, secret_sealed, previous_secret_sealed, "description") FROM stdin;',
      'we_1\tv2:abcd1234:iv:tag:body\t\\N\tline\\none\\ttab \\\\ back',
      'we_2\tv1:iv:tag:body\tv2:0000ffff:i:t:b\t\\N',
      '\\.',
      '',
    ].join('\n');
    expect(copyRows(text, 'webhooks.webhook_endpoints')).toEqual([
      { id: 'we_1', secret_sealed: 'v2:abcd1234:iv:tag:body', previous_secret_sealed: null, description: 'line\none\ttab \\ back' },
      { id: 'we_2', secret_sealed: 'v1:iv:tag:body', previous_secret_sealed: 'v2:0000ffff:i:t:b', description: null },
    ]);
    expect(copyRows(text, 'webhooks.missing')).toEqual([]);
  });
});
