import * as os from 'node:os';
import { errorText, type Log } from '@qr/domain';

type Priorities = Pick<typeof os, 'getPriority' | 'setPriority'>;

/**
 * Lowers the calling thread's priority by `steps` nice steps (at most to 19). A sandbox that refuses
 * setpriority (seccomp, some containers) costs the front its head start, not the process its start.
 */
export function lowerPriority(steps: number, log: Log, priorities: Priorities = os): void {
  try {
    priorities.setPriority(Math.min(19, priorities.getPriority() + steps));
  } catch (err) {
    log.event('warn', 'could not lower the thread’s priority; it competes with the front for the CPU', { error: errorText(err) });
  }
}
