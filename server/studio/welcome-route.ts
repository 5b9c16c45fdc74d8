import type { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLength,
} from './password-hashing';
import { readStudioBody } from './read-studio-body';
import { hashSecretToken, isWellFormedToken } from './secret-token';
import type { StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

const WelcomeSchema = z.object({
  token: z.string().check(z.maxLength(200)),
  password: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH * 4)),
});

/** POST welcome: the one-time link's token and a new password; signs the person in. */
export function registerWelcome(app: Hono<StudioEnv>, kit: StudioKit): void {
  app.post('/welcome', async (c) => {
    const attempt = await kit.limits.welcome(kit.clientIp(c));
    if (attempt.refused) return kit.refuse(c, attempt, null);
    const body = await readStudioBody(c.req.raw, WelcomeSchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const { token, password } = body.value;
    if (!isWellFormedToken(token)) return kit.respond.error(400, 'invalid_token');
    const length = passwordLength(password);
    if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
      // A password of the wrong length is not a guess at the token: it does not count.
      await attempt.succeeded();
      return kit.respond.error(
        422,
        length < PASSWORD_MIN_LENGTH ? 'password_too_short' : 'password_too_long',
      );
    }

    const tokenHash = hashSecretToken(token);
    const now = new Date(kit.now());
    const pending = await kit.auth.findWelcomeToken(tokenHash, now);
    // Checked before hashing, so a made-up token costs no Argon2 work.
    if (pending === null) {
      await kit.audit(c, 'welcome_failed', null);
      return kit.respond.error(400, 'invalid_token');
    }
    const passwordHash = await hashPassword(password);
    const staff = await kit.auth.redeemWelcomeToken(tokenHash, passwordHash, now);
    if (staff === null) return kit.respond.error(400, 'invalid_token');
    await kit.auth.deleteStaffSessions(staff.id);
    await kit.audit(c, 'password_set', staff.email);
    await attempt.succeeded();
    return kit.signIn(c, staff, 'welcome link');
  });
}
