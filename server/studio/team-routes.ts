import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from '../../common/form-constants';
import { NewStaffSchema, StaffChangeSchema } from '../../common/staff';
import type { StaffMember } from '../store/auth/staff-repository';
import type { TeamChange } from '../store/auth/team-repository';
import { readStudioBody } from './read-studio-body';
import { issueWelcomeLink } from './staff-admin';
import { requireStaff, type StudioContext, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

const SomeChangeSchema = StaffChangeSchema.check(
  z.refine((change) => change.name !== undefined || change.role !== undefined),
);

const asTeamMember = ({ email, name, role }: StaffMember) => ({ email, name, role });

/**
 * POST staff · PATCH staff/:email · DELETE staff/:email: owners invite, rename, change the role
 * of and remove colleagues (members get 403). The role is read from the database on every
 * request, so a demotion takes effect at once. The last owner is kept by the store's
 * conditional writes (docs/decisions/0073-roles-and-the-last-owner.md).
 */
export function registerTeam(app: Hono<StudioEnv>, kit: StudioKit): void {
  const owner = async (c: StudioContext): Promise<StaffMember | null> => {
    const me = await kit.auth.findStaffById(requireStaff(c).staffId);
    return me?.role === 'owner' ? me : null;
  };
  const forbidden = () => kit.respond.error(403, 'forbidden');
  const colleagueEmail = (c: StudioContext): string | null => {
    const email = c.req.param('email') ?? '';
    return email.length === 0 || email.length > EMAIL_MAX_LENGTH ? null : email;
  };
  const refused = (change: Exclude<TeamChange, { kind: 'done' }>) =>
    change.kind === 'not-found'
      ? kit.respond.error(404, 'not_found')
      : kit.respond.error(409, 'last_owner');

  app.post('/staff', async (c) => {
    const me = await owner(c);
    if (me === null) return forbidden();
    const body = await readStudioBody(c.req.raw, NewStaffSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const now = new Date(kit.now());
    const staff = await kit.auth.inviteStaff(body.value, me.name, now);
    if (staff === null) return kit.respond.error(409, 'staff_exists');
    kit.nudgeOutbox();
    const context = { auth: kit.auth, siteOrigin: kit.config.siteOrigin, now };
    const link = await issueWelcomeLink(context, staff.id);
    await kit.audit(c, 'staff.add', me.email, `${staff.email} as ${staff.role}`);
    return kit.respond.json(201, { email: staff.email, link });
  });

  app.patch('/staff/:email', async (c) => {
    const me = await owner(c);
    if (me === null) return forbidden();
    const email = colleagueEmail(c);
    if (email === null) return kit.respond.error(404, 'not_found');
    const body = await readStudioBody(c.req.raw, SomeChangeSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const before = await kit.auth.findStaffByEmail(email);
    const change = await kit.auth.changeStaff(email, body.value);
    if (change.kind !== 'done') return refused(change);
    const { staff } = change;
    if (before !== null && before.role !== staff.role) {
      await kit.audit(c, 'staff.role', me.email, `${staff.email} to ${staff.role}`);
    }
    if (before !== null && before.name !== staff.name) {
      await kit.audit(c, 'staff.rename', me.email, staff.email);
    }
    return kit.respond.json(200, asTeamMember(staff));
  });

  app.delete('/staff/:email', async (c) => {
    const me = await owner(c);
    if (me === null) return forbidden();
    const email = colleagueEmail(c);
    if (email === null) return kit.respond.error(404, 'not_found');
    const removed = await kit.auth.removeStaff(email);
    if (removed.kind !== 'done') return refused(removed);
    await kit.audit(c, 'staff.remove', me.email, removed.staff.email);
    // Removing yourself ends this session too (its row went with you): say so to the browser.
    return removed.staff.id === me.id
      ? kit.respond.empty({ 'set-cookie': kit.clearCookie })
      : kit.respond.empty();
  });
}
