import type { Hono } from 'hono';
import { requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

/** The state of email delivery that every inbox page reports (supplied by the inbox). */
export type MailHealth = { isFailing: boolean; failingSince: string | null; givenUp: number };

/**
 * GET me: who is signed in (address, name, role, signature), whether the studio's email is
 * getting through, and the studio's time zone, which every date and time on its screens is
 * read in.
 */
export function registerMe(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  readMailHealth: () => Promise<MailHealth>,
): void {
  app.get('/me', async (c) => {
    const signedIn = requireStaff(c);
    const me = await kit.auth.findStaffById(signedIn.staffId);
    if (me === null) return kit.respond.error(401, 'unauthenticated');
    const { email, name, role, signature, notify } = me;
    const staff = { email, name, role, signature, notify };
    const body = {
      staff,
      mail: await readMailHealth(),
      timeZone: kit.config.studio.timeZone,
    };
    return kit.respond.json(200, body);
  });
}
