import { seedSqlite } from './inbox-seed';
import { removeDataDir, startSiteServer } from './site-server';
import {
  canTapStudio,
  measureStudioInteractions,
  type StudioInteractionResults,
} from './studio-interactions';
import { runStudioLighthouse, type StudioLighthouseResults } from './studio-lighthouse';
import { signIn, studioFetch } from './studio-session';

/** As many leads as a busy studio's inbox holds after a few years (the figure). */
export const STUDIO_LEADS = 1_000;

export type StudioResults = StudioLighthouseResults & {
  leads: number;
  /** Null when the build was made for an https SITE_URL (a note says so). */
  interactions: StudioInteractionResults | null;
};

/**
 * The studio on a phone, signed in, on one server seeded with STUDIO_LEADS enquiries: Lighthouse
 * on the inbox and the newest lead's page, then the taps from one to the other. The taps come
 * last: they change a lead (read, its stage moved and put back), which Lighthouse must not see.
 */
export async function runStudioBench(
  distDir: string,
  progress: (message: string) => void,
  notes: string[],
): Promise<StudioResults> {
  const server = await startSiteServer(distDir);
  try {
    // The server has migrated its SQLite file by the time it answers /readyz.
    seedSqlite(server.dataDir, STUDIO_LEADS);
    const studio = await signIn(server, distDir);
    const page = (await (await studioFetch(studio, '/leads?limit=1')).json()) as {
      items: { id: string }[];
    };
    const newest = page.items[0]?.id;
    if (newest === undefined) throw new Error('The seeded inbox lists no enquiry.');
    const lighthouse = await runStudioLighthouse(studio, newest, progress);
    if (!canTapStudio(studio.siteUrl)) {
      notes.push(`The studio's taps not measured: the build is for ${studio.siteUrl}, not http.`);
      return { leads: STUDIO_LEADS, ...lighthouse, interactions: null };
    }
    progress('the studio’s taps: opening a lead, changing its stage, back to the inbox');
    const interactions = await measureStudioInteractions(studio, newest, progress);
    return { leads: STUDIO_LEADS, ...lighthouse, interactions };
  } finally {
    await server.stop();
    removeDataDir(server);
  }
}
