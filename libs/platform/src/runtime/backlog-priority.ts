import { type Log } from '@qr/domain';
import { type BackgroundPriority } from './thread-priority';

export interface BacklogPriorityOptions {
  /** Oldest unhandled work (outbox row or log row) at which the background stops yielding. */
  escalateAtMs: number;
  /** It yields again after a whole tick in which nothing older than this was handled. */
  relaxBelowMs: number;
}

export const BACKLOG_PRIORITY_DEFAULTS: BacklogPriorityOptions = { escalateAtMs: 5000, relaxBelowMs: 1000 };

/**
 * All-in-one's background thread runs at SCHED_IDLE so redirects win every contended core; its
 * relays and consumers then fall behind during a burst and catch up after it. So that a burst that
 * does not end cannot leave webhooks and analytics behind for good, the relays and consumers report
 * the age of the oldest work in each batch: at `escalateAtMs` the thread competes at nice 10 until
 * a whole tick (a second) has seen only fresh work. Switching back from nice 10 to SCHED_IDLE needs
 * no privilege; leaving SCHED_IDLE needs CAP_SYS_NICE, so without it the thread starts at nice 10.
 *
 * The thread starts at normal priority and lowers it only at `begin`, once it has started: at
 * SCHED_IDLE its start (loading modules, opening stores) got almost no CPU while other processes kept
 * the cores busy, and the front, which waits for it before listening, took 35 s to start instead of 3.
 */
export class BacklogPriority {
  private current: BackgroundPriority = 'normal';
  private oldestThisTick = 0;
  private adaptive = false;

  constructor(
    private readonly preferred: BackgroundPriority,
    private readonly set: (wanted: BackgroundPriority, current: BackgroundPriority) => BackgroundPriority,
    private readonly canRaise: boolean,
    private readonly log: Log,
    private readonly o: BacklogPriorityOptions = BACKLOG_PRIORITY_DEFAULTS,
  ) {}

  /** The thread has started: from now on it runs at its preferred priority. */
  begin(): void {
    const start = this.preferred === 'idle' && !this.canRaise ? 'low' : this.preferred;
    if (start !== this.preferred) this.log.event('warn', 'background thread cannot leave SCHED_IDLE without CAP_SYS_NICE; running at nice 10 instead', {});
    this.current = this.set(start, 'normal');
    this.adaptive = this.current === 'idle';
  }

  /**
   * The thread is stopping: it relays what the front committed last, and the process waits for that,
   * so it competes for the CPU again (beside two busy processes a stop took 8.6–10.2 s at SCHED_IDLE, 0.9–6.1 s so).
   */
  end(): void {
    this.adaptive = false;
    if (this.current !== 'normal') this.current = this.set('normal', this.current);
  }

  get priority(): BackgroundPriority {
    return this.current;
  }

  /** A relay or consumer handled work that waited this long. */
  observe(ageMs: number): void {
    if (ageMs > this.oldestThisTick) this.oldestThisTick = ageMs;
    if (this.adaptive && this.current === 'idle' && ageMs >= this.o.escalateAtMs) {
      this.current = this.set('low', 'idle');
      if (this.current !== 'idle')
        this.log.event('info', 'background thread behind; competing for the CPU until it catches up', { behind_ms: Math.round(ageMs), priority: this.current });
    }
  }

  /** Once a second: back to yielding when the tick saw only fresh work. */
  tick(): void {
    if (this.adaptive && this.current !== 'idle' && this.oldestThisTick < this.o.relaxBelowMs) {
      this.current = this.set('idle', this.current);
      if (this.current === 'idle') this.log.event('info', 'background thread caught up; yielding the CPU again', {});
    }
    this.oldestThisTick = 0;
  }
}
