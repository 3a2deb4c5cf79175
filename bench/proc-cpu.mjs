// CPU time from /proc, shared by the benchmarks that say where the cores went.
import { readFileSync } from 'node:fs';

/** Clock ticks a second in /proc's figures (USER_HZ on Linux). */
export const TICK = 100;

/**
 * CPU time (user and system) used so far, in seconds, by `pid` — a process (all its threads) or
 * `<pid>/task/<tid>` (one thread); 0 once it has ended.
 */
export function cpuSeconds(pid) {
  try {
    // The command name may hold spaces: the fields are counted after its ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}
