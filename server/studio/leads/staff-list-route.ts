import type { Hono } from 'hono';
import type { StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/** GET staff: who a lead can be given to, by email, in order. Nothing else about them. */
export function registerStaffList(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.get('/staff', async () => {
    const staff = await kit.auth.listStaff();
    return kit.respond.json(200, { items: staff.map(({ email }) => ({ email })) });
  });
}
