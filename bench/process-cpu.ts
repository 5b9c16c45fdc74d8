import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (`getconf CLK_TCK`, 100 on every distribution here). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time a process has used so far, user and system, in microseconds, from
 * /proc/<pid>/stat. Unlike a rate, CPU per request hardly moves when other work shares the
 * machine, so it can be compared between runs on a busy one. Null where /proc is not there.
 */
export function readProcessCpuMicros(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name, in parentheses, may hold spaces: the fields that follow are counted from it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  if (!Number.isFinite(userTicks) || !Number.isFinite(systemTicks)) return null;
  return ((userTicks + systemTicks) * 1_000_000) / TICKS_PER_SECOND;
}
