import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

export type BackgroundPriority = 'idle' | 'low' | 'normal';

const LOW_NICE = 10;
const CAP_SYS_NICE = 23;

/**
 * Sets the calling thread's scheduling priority. Linux only: there a policy and a nice value belong
 * to a thread, not the process; elsewhere this would lower the whole process, so it does nothing.
 * Returns what is in effect afterwards.
 * - `idle`: SCHED_IDLE. The thread runs when a core would otherwise be idle, and a waking normal
 *   thread preempts it at once. A nice value is not enough: the scheduler (EEVDF) lets the running
 *   thread finish its slice, so the front waited behind relay batches (docs/benchmarks.md). Node has
 *   no call for it, so `chrt` (util-linux) sets it on our thread id.
 * - `low`: SCHED_OTHER at nice 10. `normal`: nice 0.
 * Raising a priority again (leaving SCHED_IDLE, nice 10 → 0) needs CAP_SYS_NICE or RLIMIT_NICE;
 * `canRaisePriority` says whether this process has it.
 */
export function setThreadPriority(wanted: BackgroundPriority, current: BackgroundPriority = 'normal'): BackgroundPriority {
  if (process.platform !== 'linux') return 'normal';
  if (wanted === current) return current;
  const tid = ownThreadId();
  try {
    if (wanted === 'idle') {
      if (tid === null) return current;
      chrt('--idle', tid);
      return 'idle';
    }
    if (current === 'idle') {
      if (tid === null) return current;
      chrt('--other', tid);
    }
    setPriority(wanted === 'low' ? LOW_NICE : 0);
    return wanted;
  } catch {
    // No chrt in the image, or refused (no CAP_SYS_NICE): what was in effect stays.
    return current;
  }
}

/** Whether this process may raise a thread's priority again: CAP_SYS_NICE, or an RLIMIT_NICE that allows nice 0. */
export function canRaisePriority(): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const capEff = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (capEff && (BigInt(`0x${capEff}`) >> BigInt(CAP_SYS_NICE)) & 1n) return true;
    const rlimit = /^Max nice priority\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    return rlimit === 'unlimited' || Number(rlimit) >= 20;
  } catch {
    return false;
  }
}

function chrt(policy: '--idle' | '--other', tid: number): void {
  execFileSync('chrt', [policy, '--pid', '0', String(tid)], { stdio: 'ignore', timeout: 5000 });
}

/** The kernel's id of the calling thread: `/proc/thread-self` links to `<pid>/task/<tid>`. */
function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}
