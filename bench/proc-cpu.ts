/**
 * CPU time of the benchmark's other processes (servers, the Gmail stand-in, PostgreSQL), read from
 * /proc: what `process.cpuUsage` tells of the benchmark's own process, for a child or a postmaster.
 */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100;

/** /proc/<pid>/stat: utime, stime, cutime, cstime in ms. */
function procTimes(pid: number): { own: number; children: number; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (index: number) => (Number(fields[index]) * 1000) / CLOCK_TICKS_PER_SECOND;
    return { ppid: Number(fields[1]), own: ms(11) + ms(12), children: ms(13) + ms(14) };
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** CPU time of one process, ms. */
export function cpuMsOf(pid: number): number {
  return procTimes(pid)?.own ?? 0;
}

/** CPU time of PostgreSQL: the postmaster, its children now, and the children that ended, ms. */
export function postgresCpuMs(postmaster: number): number {
  const root = procTimes(postmaster);
  let total = (root?.own ?? 0) + (root?.children ?? 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const times = procTimes(Number(entry));
    if (times?.ppid === postmaster) total += times.own;
  }
  return total;
}
