import type { Hono } from 'hono';
import type { StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/**
 * GET staff: who is on the team, by name and role, in address order. Every signed-in person
 * may read it: members need it to give a lead to a colleague; only owners change it.
 */
export function registerStaffList(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.get('/staff', async () => {
    const staff = await kit.auth.listStaff();
    return kit.respond.json(200, {
      items: staff.map(({ email, name, role }) => ({ email, name, role })),
    });
  });
}
