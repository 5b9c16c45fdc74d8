import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBaseline } from './baseline-build';
import { measureFirstTap, type FirstTapResult } from './first-tap';
import { runWithRetry, summarizeRuns, type LighthouseSummary, type Report } from './lighthouse';
import { LIGHTHOUSE_RUNS } from './settings';
import { removeDataDir, startSiteServer } from './site-server';

export type IslandsResult = {
  firstTap: FirstTapResult;
  /** Lighthouse mobile on this build and on `BENCH_BASELINE`'s, runs interleaved. */
  comparison: {
    baselineRef: string;
    current: LighthouseSummary;
    baseline: LighthouseSummary;
  } | null;
};

/** The variable naming the earlier build to compare with (any git ref). */
export const BASELINE_VARIABLE = 'BENCH_BASELINE';

/**
 * Mobile Lighthouse on both builds, each served by its own server from its own dist/, one run
 * of each in turn (the order swapped every run), so both see the same minutes of the machine.
 */
async function compareLighthouse(
  currentDist: string,
  ref: string,
  progress: (message: string) => void,
): Promise<NonNullable<IslandsResult['comparison']>> {
  progress(`building ${ref} for the comparison`);
  const baseline = buildBaseline(ref);
  const reportsDir = mkdtempSync(path.join(tmpdir(), 'bench-islands-'));
  const current = await startSiteServer(currentDist);
  const earlier = await startSiteServer(baseline.distDir, baseline.root);
  const reports: Record<'current' | 'baseline', Report[]> = { current: [], baseline: [] };
  try {
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      const order =
        run % 2 === 0 ? (['current', 'baseline'] as const) : (['baseline', 'current'] as const);
      for (const which of order) {
        const origin = which === 'current' ? current.origin : earlier.origin;
        const output = path.join(reportsDir, `${which}-${run}.json`);
        reports[which].push(await runWithRetry(`${origin}/`, 'mobile', output));
      }
      progress(`  lighthouse comparison run ${run + 1}/${LIGHTHOUSE_RUNS} done`);
    }
  } finally {
    await current.stop();
    await earlier.stop();
    removeDataDir(current);
    removeDataDir(earlier);
    baseline.remove();
    rmSync(reportsDir, { recursive: true, force: true });
  }
  return {
    baselineRef: ref,
    current: summarizeRuns(reports.current),
    baseline: summarizeRuns(reports.baseline),
  };
}

/** The islands' numbers (docs/decisions/0031-islands.md): the first tap, and the comparison. */
export async function measureIslands(
  distDir: string,
  notes: string[],
  progress: (message: string) => void,
): Promise<IslandsResult> {
  const server = await startSiteServer(distDir);
  let firstTap: FirstTapResult;
  try {
    progress('first tap on the menu, CPU 4× slower');
    firstTap = await measureFirstTap(server.origin);
  } finally {
    await server.stop();
    removeDataDir(server);
  }
  const ref = process.env[BASELINE_VARIABLE]?.trim();
  if (!ref) {
    notes.push(
      `Lighthouse comparison with an earlier build skipped: set ${BASELINE_VARIABLE}=<git ref>.`,
    );
    return { firstTap, comparison: null };
  }
  return { firstTap, comparison: await compareLighthouse(distDir, ref, progress) };
}
