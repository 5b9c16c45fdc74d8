import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runWithRetry, summarizeRuns, type LighthouseSummary, type Report } from './lighthouse';
import { LIGHTHOUSE_RUNS } from './settings';
import type { Studio } from './studio-session';

/** A machine slower than the phone profile's: Lighthouse's CPU slowdown, 8× instead of 4×. */
export const SLOW_CPU = 8;

export type StudioLighthouseResults = {
  /** `/studio`, signed in, on the phone profile. */
  inbox: LighthouseSummary;
  /** A lead's page as an emailed link opens it: `/studio?view=lead&id=…`. */
  lead: LighthouseSummary;
  /** The same two pages with the CPU slowed SLOW_CPU× (for TBT on a slower machine). */
  slowCpu: { inbox: LighthouseSummary; lead: LighthouseSummary };
};

/**
 * The studio as its people open it on a phone: the signed-in staff member's cookie sent with
 * every request, Lighthouse mobile on the inbox and on the newest lead's page, one after the
 * other, LIGHTHOUSE_RUNS times.
 */
export async function runStudioLighthouse(
  studio: Studio,
  newestId: string,
  progress: (message: string) => void,
): Promise<StudioLighthouseResults> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-studio-lighthouse-'));
  try {
    const pages = {
      inbox: `${studio.origin}/studio`,
      lead: `${studio.origin}/studio?${new URLSearchParams({ view: 'lead', id: newestId }).toString()}`,
    };
    const reports: Record<keyof typeof pages, Report[]> = { inbox: [], lead: [] };
    const slowReports: Record<keyof typeof pages, Report[]> = { inbox: [], lead: [] };
    const headers = { Cookie: studio.cookie };
    // Interleaved, so whatever the machine does meanwhile weighs on both profiles alike.
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      for (const which of ['inbox', 'lead'] as const) {
        const output = path.join(dir, `${which}-${run}.json`);
        reports[which].push(await runWithRetry(pages[which], 'mobile', output, headers));
        const slowOutput = path.join(dir, `${which}-slow-${run}.json`);
        slowReports[which].push(
          await runWithRetry(pages[which], 'mobile', slowOutput, headers, SLOW_CPU),
        );
        progress(`  lighthouse studio ${which} run ${run + 1}/${LIGHTHOUSE_RUNS} done`);
      }
    }
    return {
      inbox: summarizeRuns(reports.inbox),
      lead: summarizeRuns(reports.lead),
      slowCpu: { inbox: summarizeRuns(slowReports.inbox), lead: summarizeRuns(slowReports.lead) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
