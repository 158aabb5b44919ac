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
 */
export class BacklogPriority {
  private current: BackgroundPriority;
  private oldestThisTick = 0;
  private readonly adaptive: boolean;

  constructor(
    private readonly preferred: BackgroundPriority,
    private readonly set: (wanted: BackgroundPriority, current: BackgroundPriority) => BackgroundPriority,
    canRaise: boolean,
    private readonly log: Log,
    private readonly o: BacklogPriorityOptions = BACKLOG_PRIORITY_DEFAULTS,
  ) {
    const start = preferred === 'idle' && !canRaise ? 'low' : preferred;
    if (start !== preferred) log.event('warn', 'background thread cannot leave SCHED_IDLE without CAP_SYS_NICE; running at nice 10 instead', {});
    this.current = set(start, 'normal');
    this.adaptive = this.current === 'idle';
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
