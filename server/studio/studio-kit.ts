import type { Config } from '../config';
import type { ClientAddressReader } from '../http/client-address';
import type { HeaderRecord } from '../security-headers';
import type { AuthStore } from '../store/auth/auth-store';
import type { StaffMember } from '../store/auth/staff-repository';
import type { AttemptCounts } from '../store/limits/limit-repository';
import { hashSecretToken, isWellFormedToken } from './secret-token';
import { createSessionService, type SessionService } from './session-service';
import { clearSessionCookie, readSessionToken, serializeSessionCookie } from './session-cookie';
import { createSignInLimits, type SignInAttempt, type SignInLimits } from './sign-in-limits';
import { createDeviceCookies } from './device-cookie';
import { verifyPassword } from './password-hashing';
import { requireStaff, type StudioContext } from './studio-env';
import { createStudioResponder, type StudioResponder } from './studio-responses';

/** What the studio's route modules share, built once per app. */
export type StudioKit = {
  config: Config;
  auth: AuthStore;
  respond: StudioResponder;
  sessions: SessionService;
  now: () => number;
  /** The shared sign-in budgets: take an attempt before the work, give it back on success. */
  limits: SignInLimits;
  /**
   * A password attempt for `email`: against the budget of this browser alone when it brings a
   * device cookie for that account, else against the address's and the account's.
   */
  passwordAttempt(c: StudioContext, email: string): Promise<SignInAttempt>;
  /**
   * The signed-in person's password, given again: counted against the sign-in budget like a
   * sign-in, so a session left open cannot be used to guess it. A wrong one is audited as
   * `failedEvent` and answered 403 (the session itself is still good); a right one gives back
   * the hash it matched.
   */
  checkCurrentPassword(
    c: StudioContext,
    password: string,
    failedEvent: string,
  ): Promise<{ ok: true; passwordHash: string } | { ok: false; response: Response }>;
  clientIp(c: StudioContext): string;
  /** Writes one audit log line for this request. */
  audit(c: StudioContext, event: string, email: string | null, detail?: string): Promise<void>;
  /**
   * The 429 for a refused attempt. Only the first refusal per budget and window is audited,
   * so a flood of refused sign-ins writes nothing.
   */
  refuse(
    c: StudioContext,
    attempt: Extract<SignInAttempt, { refused: true }>,
    email: string | null,
  ): Promise<Response>;
  /**
   * Starts a fresh session for `staff`, ending the one whose cookie came with the request, and
   * answers with the new cookie and a device cookie that marks this browser as known.
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
  limits: AttemptCounts;
  clientAddress: ClientAddressReader;
  now: () => number;
  nudgeOutbox: () => void;
  /** Signs device cookies (deriveDeviceKey). */
  deviceKey: Buffer;
}): StudioKit {
  const { config, auth, now } = options;
  const { signInLimit, idleHours, maxDays } = config.studio;
  const respond = createStudioResponder(options.securityHeaders);
  const limits = createSignInLimits({ counts: options.limits, limits: signInLimit, now });
  const sessions = createSessionService({ auth, idleHours, maxDays, now });
  const clientIp = (c: StudioContext) => options.clientAddress(c);
  const devices = createDeviceCookies({ key: options.deviceKey, isHttps: config.isHttps });

  const audit: StudioKit['audit'] = (c, event, email, detail) =>
    auth.recordAudit({
      at: new Date(now()),
      event,
      email,
      ip: clientIp(c),
      detail: detail ?? null,
    });

  const refuse: StudioKit['refuse'] = async (c, attempt, email) => {
    if (attempt.firstRefusals.length > 0) {
      await audit(c, 'sign_in_rate_limited', email, attempt.firstRefusals.join(','));
    }
    return respond.error(429, 'rate_limited', {
      'retry-after': String(attempt.retryAfterSeconds),
    });
  };

  const passwordAttempt: StudioKit['passwordAttempt'] = (c, email) => {
    const account = email.trim().toLowerCase();
    const device = devices.read(c.req.header('cookie') ?? null, account);
    return device === null
      ? limits.password(clientIp(c), email)
      : limits.passwordFromDevice(email, device);
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
    passwordAttempt,
    async checkCurrentPassword(c, password, failedEvent) {
      const signedIn = requireStaff(c);
      const attempt = await passwordAttempt(c, signedIn.email);
      if (attempt.refused) return { ok: false, response: await refuse(c, attempt, signedIn.email) };
      const staff = await auth.findStaffById(signedIn.staffId);
      // Checked even without a hash, so that the answer takes as long either way.
      const passwordHash = staff?.passwordHash ?? null;
      const isMatch = await verifyPassword(passwordHash, password);
      if (passwordHash === null || !isMatch) {
        await audit(c, failedEvent, signedIn.email, 'password');
        return { ok: false, response: respond.error(403, 'invalid_credentials') };
      }
      await attempt.succeeded();
      return { ok: true, passwordHash };
    },
    clientIp,
    audit,
    refuse,
    async signIn(c, staff, method) {
      await endPresentedSession(c);
      const { token } = await sessions.start(staff, c.req.header('user-agent') ?? null);
      await audit(c, 'sign_in', staff.email, method);
      const response = respond.json(
        200,
        { success: true, staff: { email: staff.email } },
        { 'set-cookie': serializeSessionCookie(token, config.isHttps) },
      );
      response.headers.append('set-cookie', devices.issue(staff.email.trim().toLowerCase()));
      return response;
    },
    clearCookie: clearSessionCookie(config.isHttps),
    nudgeOutbox: options.nudgeOutbox,
  };
}
