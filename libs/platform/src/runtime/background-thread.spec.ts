import { join } from 'node:path';
import { silentLog } from '@qr/domain';
import { startBackgroundThread } from './background-thread';

// Plain-JS stand-ins speaking serveBackground's protocol (test-fixtures/background-thread.js).
function start(behaviour: 'ready' | 'fail-before-ready' | 'crash-after-ready', onCrash: (reason: string) => void = () => undefined) {
  return startBackgroundThread(join(__dirname, `../../test-fixtures/background-${behaviour}.js`), silentLog, onCrash);
}

describe('startBackgroundThread', () => {
  it('becomes ready, answers metrics, and stops without reporting a crash', async () => {
    const crashes: string[] = [];
    const thread = start('ready', (r) => crashes.push(r));
    await thread.ready;
    expect(thread.alive()).toBe(true);
    expect(await thread.metrics()).toEqual([]);
    await thread.stop();
    expect(thread.alive()).toBe(false);
    expect(crashes).toEqual([]);
  });

  it('fails the start with the cause when the thread dies before it is ready, and does not report a crash', async () => {
    const crashes: string[] = [];
    const thread = start('fail-before-ready', (r) => crashes.push(r));
    await expect(thread.ready).rejects.toThrow(/before it was ready.*cannot open the event log/s);
    expect(thread.alive()).toBe(false);
    expect(crashes).toEqual([]);
  });

  it('reports a crash once a running thread dies, and answers later scrapes without it', async () => {
    let crashed: (reason: string) => void = () => undefined;
    const reported = new Promise<string>((resolve) => (crashed = resolve));
    const thread = start('crash-after-ready', crashed);
    await thread.ready;
    expect(await thread.metrics()).toEqual([]);
    expect(await reported).toMatch(/background thread exited \(1\)/);
    expect(thread.alive()).toBe(false);
    expect(await thread.metrics()).toEqual([]);
  });
});
