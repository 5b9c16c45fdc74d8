import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { ProfileChangeSchema } from '../../common/staff';
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from './password-hashing';
import { readStudioBody } from './read-studio-body';
import { requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

const PasswordChangeSchema = z.object({
  currentPassword: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4)),
  newPassword: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4)),
});

/** PATCH me · POST me/password: each person's own name, signature, notices and password. */
export function registerOwnProfile(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.patch('/me', async (c) => {
    const signedIn = requireStaff(c);
    const body = await readStudioBody(c.req.raw, ProfileChangeSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const before = await kit.auth.findStaffById(signedIn.staffId);
    const staff = await kit.auth.changeOwnProfile(signedIn.staffId, body.value);
    if (before === null || staff === null) return kit.respond.error(401, 'unauthenticated');
    if (before.name !== staff.name) await kit.audit(c, 'staff.rename', staff.email, staff.email);
    const { email, name, role, signature, notify } = staff;
    return kit.respond.json(200, { email, name, role, signature, notify });
  });

  /**
   * The current password is checked first (kit.checkCurrentPassword). The new one replaces it
   * only if it is still the one just checked; every other session of the person's ends, this
   * one stays.
   */
  app.post('/me/password', async (c) => {
    const signedIn = requireStaff(c);
    const body = await readStudioBody(c.req.raw, PasswordChangeSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const current = await kit.checkCurrentPassword(
      c,
      body.value.currentPassword,
      'password_change_failed',
    );
    if (!current.ok) return current.response;
    const length = passwordLength(body.value.newPassword);
    if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
      return kit.respond.error(
        422,
        length < PASSWORD_MIN_LENGTH ? 'password_too_short' : 'password_too_long',
      );
    }
    const changed = await kit.auth.changePassword({
      staffId: signedIn.staffId,
      currentHash: current.passwordHash,
      newHash: await hashPassword(body.value.newPassword),
      keepSessionId: signedIn.sessionId,
    });
    if (!changed) return kit.respond.error(403, 'invalid_credentials');
    await kit.audit(c, 'staff.password', signedIn.email);
    return kit.respond.json(200, { success: true });
  });
}
