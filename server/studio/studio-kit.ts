import type { Config } from '../config';
import { createRateLimiter, type RateLimiter } from '../http/rate-limiter';
import type { HeaderRecord } from '../security-headers';
import type { AuthStore } from '../store/auth/auth-store';
import type { StaffMember } from '../store/auth/staff-repository';
import { readClientAddress } from './client-address';
import { hashSecretToken, isWellFormedToken } from './secret-token';
import { createSessionService, type SessionService } from './session-service';
import { clearSessionCookie, readSessionToken, serializeSessionCookie } from './session-cookie';
import type { StudioContext } from './studio-env';
import { createStudioResponder, type StudioResponder } from './studio-responses';

/** What the studio's route modules share, built once per app. */
export type StudioKit = {
  config: Config;
  auth: AuthStore;
  respond: StudioResponder;
  sessions: SessionService;
  now: () => number;
  limits: { ip: RateLimiter; account: RateLimiter };
  clientIp(c: StudioContext): string;
  /** Writes one audit log line for this request. */
  audit(c: StudioContext, event: string, email: string | null, detail?: string): Promise<void>;
  /** Answers 429 when the client's IP is over its sign-in budget; null when it may go on. */
  limitByIp(c: StudioContext): Promise<Response | null>;
  limitByAccount(c: StudioContext, email: string): Promise<Response | null>;
  /**
   * Starts a fresh session for `staff`, ending the one whose cookie came with the request, and
   * answers with the new cookie.
   */
  signIn(c: StudioContext, staff: StaffMember, method: string): Promise<Response>;
  clearCookie: string;
  /** Wakes the outbox worker after an email was queued, so it goes out now. */
  nudgeOutbox: () => void;
};

export function createStudioKit(options: {
  config: Config;
  auth: AuthStore;
  securityHeaders: HeaderRecord;
  now: () => number;
  nudgeOutbox: () => void;
}): StudioKit {
  const { config, auth, now } = options;
  const { signInLimit, idleHours, maxDays } = config.studio;
  const respond = createStudioResponder(options.securityHeaders);
  const limiter = (max: number) => createRateLimiter({ max, windowMs: signInLimit.windowMs, now });
  const limits = { ip: limiter(signInLimit.perIp), account: limiter(signInLimit.perAccount) };
  const sessions = createSessionService({ auth, idleHours, maxDays, now });
  const clientIp = (c: StudioContext) => readClientAddress(c, config.trustProxy);

  const audit: StudioKit['audit'] = (c, event, email, detail) =>
    auth.recordAudit({
      at: new Date(now()),
      event,
      email,
      ip: clientIp(c),
      detail: detail ?? null,
    });

  const limit = async (
    c: StudioContext,
    limiterToHit: RateLimiter,
    key: string,
    email: string | null,
  ): Promise<Response | null> => {
    const decision = limiterToHit.hit(key);
    if (decision.allowed) return null;
    await audit(c, 'sign_in_rate_limited', email, limiterToHit === limits.ip ? 'ip' : 'account');
    return respond.error(429, 'rate_limited', {
      'retry-after': String(decision.retryAfterSeconds),
    });
  };

  /** A session ID known before sign-in (planted or left over) never outlives the sign-in. */
  const endPresentedSession = async (c: StudioContext): Promise<void> => {
    const token = readSessionToken(c.req.header('cookie') ?? null, config.isHttps);
    if (token === null || !isWellFormedToken(token)) return;
    const session = await auth.findSessionByTokenHash(hashSecretToken(token));
    if (session !== null) await auth.deleteSession(session.staffId, session.id);
  };

  return {
    config,
    auth,
    respond,
    sessions,
    now,
    limits,
    clientIp,
    audit,
    limitByIp: (c) => limit(c, limits.ip, clientIp(c), null),
    limitByAccount: (c, email) => limit(c, limits.account, email.trim().toLowerCase(), email),
    async signIn(c, staff, method) {
      await endPresentedSession(c);
      const { token } = await sessions.start(staff, c.req.header('user-agent') ?? null);
      await audit(c, 'sign_in', staff.email, method);
      return respond.json(
        200,
        { success: true, staff: { email: staff.email } },
        { 'set-cookie': serializeSessionCookie(token, config.isHttps) },
      );
    },
    clearCookie: clearSessionCookie(config.isHttps),
    nudgeOutbox: options.nudgeOutbox,
  };
}
