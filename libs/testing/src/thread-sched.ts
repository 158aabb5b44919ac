import { readFileSync } from 'node:fs';

/**
 * A Linux thread's scheduling policy (field 41 of /proc/<pid>/task/<tid>/stat: 0 normal, 5 SCHED_IDLE)
 * and nice value (field 19). Fields are counted after the command name, which may contain spaces.
 */
export function threadSched(pid: number, tid: number | string): { policy: number; nice: number } {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { policy: Number(fields[38]), nice: Number(fields[16]) };
}
