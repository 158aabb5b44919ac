import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds a process has used so far (Linux /proc); 0 when it is gone. */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by every PostgreSQL process on the machine (postmaster, backends, WAL
 * writer…). Backends that exit in between take their time with them, so measure with long-lived pools.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) total += cpuSecondsOf(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}
