import type { Hono } from 'hono';
import type { StudioEnv } from '../studio-env';
import type { StudioKit } from '../studio-kit';

/**
 * GET staff: who a lead can be given to, in order, with the name lists and cards show them by
 * and their role (DESIGN, "The studio as the workplace"). Nothing else about them.
 */
export function registerStaffList(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.get('/staff', async () => {
    const staff = await kit.auth.listStaff();
    return kit.respond.json(200, {
      items: staff.map(({ email, name, role }) => ({ email, name, role })),
    });
  });
}
