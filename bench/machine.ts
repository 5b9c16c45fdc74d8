import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

export type Machine = {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  chromium: string;
  nginx: string | null;
  wrk: string | null;
  loadAverage: number[];
};

/** nginx -v prints to stderr and wrk -v exits 1, so both streams count and the status does not. */
function firstLine(command: string, args: string[]): string | null {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error !== undefined) return null;
  const line = `${result.stdout}${result.stderr}`
    .split('\n')
    .find((candidate) => candidate.trim() !== '' && !candidate.includes('unexpected operator'));
  return line?.trim() ?? null;
}

function cpuModel(): string {
  const info = readFileSync('/proc/cpuinfo', 'utf8');
  return /^model name\s*:[ \t]*(\S.*)$/m.exec(info)?.[1] ?? os.cpus()[0]?.model ?? 'unknown';
}

export function describeMachine(chromiumPath: string): Machine {
  return {
    cpus: os.availableParallelism(),
    cpuModel: cpuModel(),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium: firstLine(chromiumPath, ['--version']) ?? 'unknown',
    nginx: firstLine('/usr/sbin/nginx', ['-v']),
    wrk: firstLine('wrk', ['-v']),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
  };
}
