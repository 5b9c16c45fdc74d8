import type { Hono } from 'hono';
import { requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

/** The state of email delivery that every inbox page reports (supplied by the inbox). */
export type MailHealth = { isFailing: boolean; failingSince: string | null; givenUp: number };

/** GET me: who is signed in, and whether the studio's email is getting through. */
export function registerMe(
  app: Hono<StudioEnv>,
  kit: StudioKit,
  readMailHealth: () => Promise<MailHealth>,
): void {
  app.get('/me', async (c) => {
    const signedIn = requireStaff(c);
    const staff = { email: signedIn.email };
    const body = { staff, mail: await readMailHealth() };
    return kit.respond.json(200, body);
  });
}
