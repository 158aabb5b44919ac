import { AppendPacer } from './append-pacer';

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

/** Holds appends past 100 positions, follows consumers up to 180 behind, waits at most a second. */
const newPacer = () => new AppendPacer({ window: 100, followWithin: 180, maxWaitMs: 1000 });

describe('AppendPacer', () => {
  const reader = { name: 'analytics' };
  const other = { name: 'webhooks' };

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lets an append through at once when no consumer reads here', async () => {
    const pacer = newPacer();
    pacer.appended(5000);
    expect(await settled(pacer.room(80))).toBe(true);
  });

  it('lets an append through while it keeps every consumer within the window', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 950);
    expect(await settled(pacer.room(50))).toBe(true);
  });

  it('holds an append that would push a consumer out of the window until the consumer reads on', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 950);
    const room = pacer.room(80);
    expect(await settled(room)).toBe(false);
    pacer.readThrough(reader, 960);
    expect(await settled(room)).toBe(false); // 40 behind + 80 is still past the window
    pacer.readThrough(reader, 1000);
    expect(await settled(room)).toBe(true);
  });

  it('waits for the slowest followed consumer', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 1000);
    pacer.readThrough(other, 940);
    const room = pacer.room(80);
    expect(await settled(room)).toBe(false);
    pacer.readThrough(reader, 1000);
    expect(await settled(room)).toBe(false);
    pacer.readThrough(other, 990);
    expect(await settled(room)).toBe(true);
  });

  it('does not follow a consumer already further behind than it follows (a replay), nor one that stopped reading', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 10);
    expect(await settled(pacer.room(80))).toBe(true);
    pacer.readThrough(other, 950);
    const room = pacer.room(80);
    expect(await settled(room)).toBe(false);
    pacer.readThrough(other, null);
    expect(await settled(room)).toBe(true);
  });

  it('counts appends let through and not yet ended: two relays side by side do not both take the same room', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 960);
    expect(await settled(pacer.room(50))).toBe(true);
    const second = pacer.room(50);
    expect(await settled(second)).toBe(false); // 40 behind + 50 in flight + 50 is past the window
    pacer.appended(1050);
    pacer.release(50);
    pacer.readThrough(reader, 1050);
    expect(await settled(second)).toBe(true);
  });

  it('keeps following a consumer that one late append took past the window, and holds the next append until it is back', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 860); // 140 behind: past the window, within followWithin
    const room = pacer.room(10);
    expect(await settled(room)).toBe(false);
    pacer.readThrough(reader, 910);
    expect(await settled(room)).toBe(true);
  });

  it('never holds an append for a consumer that has read everything, however large the append', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 1000);
    expect(await settled(pacer.room(500))).toBe(true);
  });

  it('gives up waiting after maxWaitMs for a consumer that reports no progress', async () => {
    const pacer = newPacer();
    pacer.appended(1000);
    pacer.readThrough(reader, 950);
    const room = pacer.room(80);
    await jest.advanceTimersByTimeAsync(999);
    expect(await settled(room)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settled(room)).toBe(true);
  });
});
