import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/**
 * User plus system CPU seconds a process has used so far (Linux /proc); 0 when it is gone. With
 * `reapedChildren`, also those of its children that have ended and been waited for.
 */
export function cpuSecondsOf(pid: number | undefined, reapedChildren = false): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return (reapedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by every PostgreSQL process on the machine (postmaster, backends, WAL
 * writer…), backends that have ended included: the postmaster waits for each, and the kernel then adds
 * its time to the postmaster's children's time. Without that, a run during which backends ended (a
 * pool closing idle connections) read less than it used, once even a negative figure.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) total += cpuSecondsOf(Number(entry), true);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

/** A process's resident memory in MB (VmRSS, /proc); 0 when it is gone. */
export function residentMegabytes(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
