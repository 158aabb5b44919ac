import { type Log } from '@qr/domain';
import { BacklogPriority } from './backlog-priority';
import { type BackgroundPriority } from './thread-priority';

function setup(preferred: BackgroundPriority, o: { canRaise?: boolean; refuse?: BackgroundPriority[] } = {}) {
  const calls: Array<[BackgroundPriority, BackgroundPriority]> = [];
  const logged: string[] = [];
  const set = (wanted: BackgroundPriority, current: BackgroundPriority) => {
    calls.push([wanted, current]);
    return o.refuse?.includes(wanted) ? current : wanted;
  };
  const log: Log = { event: (_level, msg) => void logged.push(msg) } as Log;
  const p = new BacklogPriority(preferred, set, o.canRaise ?? true, log, { escalateAtMs: 5000, relaxBelowMs: 1000 });
  p.begin();
  return { p, calls, logged };
}

describe('BacklogPriority', () => {
  it('keeps normal priority until the thread has started, however old the work it handles, and again once it stops', () => {
    const calls: BackgroundPriority[] = [];
    const log: Log = { event: () => undefined } as unknown as Log;
    const p = new BacklogPriority('idle', (wanted) => (calls.push(wanted), wanted), true, log);
    p.observe(60_000);
    p.tick();
    expect({ priority: p.priority, calls }).toEqual({ priority: 'normal', calls: [] });
    p.begin();
    expect({ priority: p.priority, calls }).toEqual({ priority: 'idle', calls: ['idle'] });
    p.end();
    p.observe(0);
    p.tick();
    expect({ priority: p.priority, calls }).toEqual({ priority: 'normal', calls: ['idle', 'normal'] });
  });

  it('starts at SCHED_IDLE and keeps it while the work it handles is younger than the threshold', () => {
    const { p, calls } = setup('idle');
    expect(p.priority).toBe('idle');
    p.observe(0);
    p.observe(4999);
    p.tick();
    expect(p.priority).toBe('idle');
    expect(calls).toEqual([['idle', 'normal']]);
  });

  it('competes at nice 10 from the first batch 5 s old, and yields again after a tick that saw only work under 1 s', () => {
    const { p, calls, logged } = setup('idle');
    p.observe(5000);
    expect(p.priority).toBe('low');
    p.observe(7000);
    expect(calls.filter(([w]) => w === 'low')).toHaveLength(1);
    p.tick(); // this tick saw 7 s old work: stays
    expect(p.priority).toBe('low');
    p.observe(2500);
    p.tick(); // still catching up
    expect(p.priority).toBe('low');
    p.observe(999);
    p.tick();
    expect(p.priority).toBe('idle');
    expect(calls.at(-1)).toEqual(['idle', 'low']);
    expect(logged).toEqual(expect.arrayContaining([expect.stringMatching(/behind/), expect.stringMatching(/caught up/)]));
  });

  it('a tick with no work at all counts as caught up', () => {
    const { p } = setup('idle');
    p.observe(60_000);
    p.tick();
    expect(p.priority).toBe('low');
    p.tick();
    expect(p.priority).toBe('idle');
  });

  it('without the right to leave SCHED_IDLE it never enters it: nice 10, with a warning, and no switching', () => {
    const { p, calls, logged } = setup('idle', { canRaise: false });
    expect(p.priority).toBe('low');
    p.observe(60_000);
    p.tick();
    p.tick();
    expect(calls).toEqual([['low', 'normal']]);
    expect(logged[0]).toMatch(/CAP_SYS_NICE/);
  });

  it('stays where it is when the switch is refused, and does not adapt when SCHED_IDLE could not be set', () => {
    const refusedEscalation = setup('idle', { refuse: ['low'] });
    refusedEscalation.p.observe(10_000);
    expect(refusedEscalation.p.priority).toBe('idle');
    const noIdle = setup('idle', { refuse: ['idle'] });
    expect(noIdle.p.priority).toBe('normal');
    noIdle.p.observe(10_000);
    noIdle.p.tick();
    expect(noIdle.calls).toHaveLength(1);
  });

  it('never switches when configured low or normal', () => {
    for (const preferred of ['low', 'normal'] as const) {
      const { p, calls } = setup(preferred);
      p.observe(60_000);
      p.tick();
      expect(p.priority).toBe(preferred);
      expect(calls).toEqual([[preferred, 'normal']]);
    }
  });
});
