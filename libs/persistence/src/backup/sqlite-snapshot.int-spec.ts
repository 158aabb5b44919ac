import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import { createTempDir, type TempDir } from '@qr/testing';
import { copySnapshot } from './sqlite-snapshot';

/**
 * A writer on another thread appends row n to `a.sqlite` and then row n to `b.sqlite`, each in its
 * own transaction, without pause. At every instant b holds n or n-1 rows when a holds n. Copies of
 * the two files taken at one instant must show the same; copies taken one after the other would not.
 */
const WRITER = `
const Sqlite = require(${JSON.stringify(require.resolve('better-sqlite3'))});
const { workerData, parentPort } = require('node:worker_threads');
const open = (f) => { const db = new Sqlite(f); db.pragma('busy_timeout = 5000'); db.pragma('journal_mode = WAL'); return db; };
const a = open(workerData.a), b = open(workerData.b);
const insA = a.prepare('INSERT INTO t(n) VALUES (?)'), insB = b.prepare('INSERT INTO t(n) VALUES (?)');
const stop = new Int32Array(workerData.stop);
let n = 0;
parentPort.postMessage('started');
while (Atomics.load(stop, 0) === 0) { n++; insA.run(n); insB.run(n); }
parentPort.postMessage(n);
`;

describe('copySnapshot', () => {
  let dir: TempDir;
  beforeEach(() => (dir = createTempDir('snapshot')));
  afterEach(() => dir.remove());

  it('copies several files as they were at one instant while another thread writes them', async () => {
    const files = { a: join(dir.path, 'a.sqlite'), b: join(dir.path, 'b.sqlite') };
    for (const f of Object.values(files)) {
      const db = new Sqlite(f);
      db.pragma('journal_mode = WAL');
      db.exec('CREATE TABLE t(n INTEGER PRIMARY KEY, pad BLOB DEFAULT (randomblob(2000)))');
      db.close();
    }
    const stop = new SharedArrayBuffer(4);
    const writer = new Worker(WRITER, { eval: true, workerData: { ...files, stop } });
    const written = new Promise<number>((resolve) => writer.on('message', (m) => typeof m === 'number' && resolve(m)));
    await new Promise((resolve) => writer.once('message', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const copies = [];
    try {
      for (let i = 0; i < 5; i++) {
        const dest = { a: join(dir.path, `a-${i}.sqlite`), b: join(dir.path, `b-${i}.sqlite`) };
        const report = await copySnapshot([
          { source: files.a, dest: dest.a },
          { source: files.b, dest: dest.b },
        ]);
        copies.push({ dest, report });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      Atomics.store(new Int32Array(stop), 0, 1);
    }
    const total = await written;
    await writer.terminate();

    const counts = copies.map(({ dest }) =>
      [dest.a, dest.b].map((f) => {
        const db = new Sqlite(f, { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
          expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
          return (db.prepare('SELECT count(*) AS n, coalesce(max(n), 0) AS top FROM t').get() as { n: number; top: number }).n;
        } finally {
          db.close();
        }
      }),
    );
    for (const [a, b] of counts) {
      expect(a).toBeGreaterThan(0);
      expect(a - b === 0 || a - b === 1).toBe(true);
    }
    // The writer kept going during and between the copies: they are of a database in motion.
    expect(new Set(counts.map(([a]) => a)).size).toBe(counts.length);
    expect(total).toBeGreaterThan(counts[counts.length - 1][0]);
    for (const { report } of copies) expect(report.pausedMs).toBeLessThan(1000);
  });

  it('refuses a destination that exists and a source that does not, and copies nothing', async () => {
    const src = join(dir.path, 'src.sqlite');
    new Sqlite(src).exec('CREATE TABLE t(n INTEGER)');
    await expect(copySnapshot([{ source: join(dir.path, 'missing.sqlite'), dest: join(dir.path, 'x.sqlite') }])).rejects.toThrow(/no SQLite database/);
    await expect(copySnapshot([{ source: src, dest: src }])).rejects.toThrow(/already exists/);
  });
});
