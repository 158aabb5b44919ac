import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { admin, call, createTempDir, startApp } from '@qr/testing';
import { type BenchRow, fmt } from './bench-report';
import { median, percentile } from './stats';

const REQUESTS = 200;
const PER_REQUEST = 50;
const CLIENTS = 4;

/**
 * 10,000 codes through 200 bulk requests of 50 on the all-in-one server (4 clients in parallel),
 * against the same 10,000 rows inserted straight into SQLite in 200 transactions, in the same run.
 */
export async function benchBulkCreate(runs = 3): Promise<BenchRow[]> {
  const rates: number[] = [];
  const latencies: number[] = [];
  const baselines: number[] = [];
  let limited = 0;
  for (let r = 0; r < runs; r++) {
    const run = await oneRun();
    rates.push(run.rate);
    latencies.push(...run.latencies);
    limited += run.limited;
    baselines.push(rawSqliteRate());
  }
  const rate = median(rates);
  const base = median(baselines);
  return [
    {
      benchmark: `Bulk create: ${REQUESTS} × ${PER_REQUEST} codes over HTTP (all-in-one, SQLite)`,
      figure: `${fmt.rate(rate, 'codes')}; per request p50 ${fmt.ms(percentile(latencies, 50))}, p99 ${fmt.ms(percentile(latencies, 99))}`,
      baseline: `raw SQLite inserts, 200 tx of 50: ${fmt.rate(base, 'rows')}`,
      ratio: rate / base,
      note: `median of ${runs} runs; ${CLIENTS} concurrent clients, one API key each (agency: 100 requests/s per key)${limited ? `; ${limited} answers 429, retried after Retry-After` : ''}`,
    },
  ];
}

async function oneRun(): Promise<{ rate: number; latencies: number[]; limited: number }> {
  const dir = createTempDir('bench-bulk');
  const server = await startApp('all-in-one', { DATA_DIR: dir.path });
  try {
    const ws = admin(['workspace', 'create', '--name', 'bench', '--plan', 'agency'], { DATA_DIR: dir.path }).json;
    const keys = Array.from({ length: CLIENTS }, (_, c) =>
      String(admin(['key', 'create', '--workspace', String(ws.id), '--name', `bench-${c}`], { DATA_DIR: dir.path }).json.secret),
    );
    const latencies: number[] = [];
    let next = 0;
    let limited = 0;
    const started = process.hrtime.bigint();
    const client = async (key: string) => {
      while (next < REQUESTS) {
        const n = next++;
        const items = Array.from({ length: PER_REQUEST }, (_, i) => ({
          type: 'website',
          content: { url: `https://example.com/p/${n}/${i}` },
          client_ref: `b-${n}-${i}`,
        }));
        const t0 = process.hrtime.bigint();
        let res = await call(`${server.url}/api/public/v1/qrcodes/bulk`, { method: 'POST', key, json: { items } });
        // A well-behaved client waits out a per-second limit; the retry is idempotent (client_ref).
        while (res.status === 429) {
          limited += 1;
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
          res = await call(`${server.url}/api/public/v1/qrcodes/bulk`, { method: 'POST', key, json: { items } });
        }
        if (res.status !== 200) throw new Error(`bulk request failed: ${res.status} ${res.text.slice(0, 200)}`);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    };
    await Promise.all(keys.map(client));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { rate: (REQUESTS * PER_REQUEST) / seconds, latencies, limited };
  } finally {
    await server.stop();
    dir.remove();
  }
}

function rawSqliteRate(): number {
  const dir = createTempDir('bench-raw');
  const db = new Database(join(dir.path, 'raw.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE codes (id TEXT PRIMARY KEY, workspace_id TEXT, client_ref TEXT, content TEXT, short_code TEXT UNIQUE, created_at INTEGER)');
  const insert = db.prepare('INSERT INTO codes VALUES (?, ?, ?, ?, ?, ?)');
  const batch = db.transaction((n: number) => {
    for (let i = 0; i < PER_REQUEST; i++)
      insert.run(
        randomBytes(12).toString('hex'),
        'ws',
        `b-${n}-${i}`,
        JSON.stringify({ url: `https://example.com/p/${n}/${i}` }),
        randomBytes(5).toString('hex'),
        Date.now(),
      );
  });
  const started = process.hrtime.bigint();
  for (let n = 0; n < REQUESTS; n++) batch(n);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  db.close();
  dir.remove();
  return (REQUESTS * PER_REQUEST) / seconds;
}
