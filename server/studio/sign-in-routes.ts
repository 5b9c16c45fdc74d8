import type { Hono } from 'hono';
import * as z from 'zod/mini';
import { EmailAddressSchema } from '../../common/fields';
import { PASSWORD_MAX_LENGTH, verifyPassword } from './password-hashing';
import { readStudioBody } from './read-studio-body';
import { requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

const PasswordSchema = z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4));
const SignInSchema = z.object({
  email: z.string().check(z.maxLength(320)),
  password: PasswordSchema,
});
const ReauthenticationSchema = z.object({ password: PasswordSchema });

/**
 * POST session: a password sign-in. Unknown email and wrong password look and cost the same.
 * Only failures count against the limits: a success gives its attempt back. A browser that
 * signed in before counts its failures apart (its device cookie), so strangers failing from
 * many addresses do not lock the owner out.
 */
export function registerPasswordSignIn(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.post('/session', async (c) => {
    const body = await readStudioBody(c.req.raw, SignInSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const { email, password } = body.value;
    const attempt = await kit.passwordAttempt(c, email);
    if (attempt.refused) return kit.refuse(c, attempt, email);

    const address = EmailAddressSchema.safeParse(email);
    const staff = address.success ? await kit.auth.findStaffByEmail(address.data) : null;
    const isMatch = await verifyPassword(staff?.passwordHash ?? null, password);
    if (staff === null || !isMatch) {
      await kit.audit(c, 'sign_in_failed', email, 'password');
      return kit.respond.error(401, 'invalid_credentials');
    }
    await attempt.succeeded();
    return kit.signIn(c, staff, 'password');
  });
}

/** DELETE session: signs out, ending the session on the server too. */
export function registerSignOut(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.delete('/session', async (c) => {
    const signedIn = requireStaff(c);
    await kit.auth.deleteSession(signedIn.staffId, signedIn.sessionId);
    await kit.audit(c, 'sign_out', signedIn.email);
    return kit.respond.empty({ 'set-cookie': kit.clearCookie });
  });
}

/**
 * POST session/reauthentication: the signed-in person gives their password again, and the
 * session records that it was proven now (adding a passkey needs that). A wrong password is a
 * 403, not a 401: the session itself is still good. Failures count against the account's
 * sign-in budget like a sign-in's, so a stolen cookie cannot be used to guess the password.
 */
export function registerReauthentication(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.post('/session/reauthentication', async (c) => {
    const signedIn = requireStaff(c);
    const body = await readStudioBody(c.req.raw, ReauthenticationSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const current = await kit.checkCurrentPassword(
      c,
      body.value.password,
      'reauthentication_failed',
    );
    if (!current.ok) return current.response;
    const now = new Date(kit.now());
    await kit.auth.recordSessionProof(signedIn.sessionId, now);
    await kit.audit(c, 'reauthenticated', signedIn.email, 'password');
    return kit.respond.json(200, { success: true, provenAt: now.toISOString() });
  });
}
