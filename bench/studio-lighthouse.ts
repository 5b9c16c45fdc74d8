import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedSqlite } from './inbox-seed';
import { runWithRetry, summarizeRuns, type LighthouseSummary, type Report } from './lighthouse';
import { LIGHTHOUSE_RUNS } from './settings';
import { removeDataDir, startSiteServer } from './site-server';
import { signIn, studioFetch } from './studio-session';

/** As many leads as a busy studio's inbox holds after a few years (the figure). */
export const STUDIO_LEADS = 1_000;

export type StudioLighthouseResults = {
  leads: number;
  /** `/studio`, signed in, on the phone profile. */
  inbox: LighthouseSummary;
  /** A lead's page as an emailed link opens it: `/studio?view=enquiry&id=…`. */
  lead: LighthouseSummary;
};

/**
 * The studio as its people open it on a phone: a server with STUDIO_LEADS enquiries, a signed-in
 * staff member's cookie sent with every request, Lighthouse mobile on the inbox and on the
 * newest lead's page, one after the other, LIGHTHOUSE_RUNS times.
 */
export async function runStudioLighthouse(
  distDir: string,
  progress: (message: string) => void,
): Promise<StudioLighthouseResults> {
  const server = await startSiteServer(distDir);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-studio-lighthouse-'));
  try {
    // The server has migrated its SQLite file by the time it answers /readyz.
    seedSqlite(server.dataDir, STUDIO_LEADS);
    const studio = await signIn(server, distDir);
    const page = (await (await studioFetch(studio, '/enquiries?limit=1')).json()) as {
      items: { id: string }[];
    };
    const newest = page.items[0]?.id;
    if (newest === undefined) throw new Error('The seeded inbox lists no enquiry.');
    const pages = {
      inbox: `${server.origin}/studio`,
      lead: `${server.origin}/studio?${new URLSearchParams({ view: 'enquiry', id: newest }).toString()}`,
    };
    const reports: Record<keyof typeof pages, Report[]> = { inbox: [], lead: [] };
    for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
      for (const which of ['inbox', 'lead'] as const) {
        const output = path.join(dir, `${which}-${run}.json`);
        reports[which].push(
          await runWithRetry(pages[which], 'mobile', output, { Cookie: studio.cookie }),
        );
        progress(`  lighthouse studio ${which} run ${run + 1}/${LIGHTHOUSE_RUNS} done`);
      }
    }
    return {
      leads: STUDIO_LEADS,
      inbox: summarizeRuns(reports.inbox),
      lead: summarizeRuns(reports.lead),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
    removeDataDir(server);
  }
}
