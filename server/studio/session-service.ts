import { randomUUID } from 'node:crypto';
import type { AuthStore } from '../store/auth/auth-store';
import type { StaffMember } from '../store/auth/staff-repository';
import { createSecretToken, hashSecretToken, isWellFormedToken } from './secret-token';

/** Activity is written at most this often, so reading a page is not a write every time. */
const TOUCH_INTERVAL_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

export type SignedIn = {
  sessionId: string;
  staffId: string;
  email: string;
  /** When the person last gave their password or a passkey in this session. */
  provenAt: Date | null;
};

export type SessionService = {
  /** A new session with a new ID, every time: an ID known before sign-in is never promoted. */
  start(
    staff: StaffMember,
    userAgent: string | null,
  ): Promise<{ token: string; sessionId: string }>;
  /** The person behind a cookie's token, or null when the session is unknown or expired. */
  authenticate(token: string | null): Promise<SignedIn | null>;
};

export function createSessionService(options: {
  auth: AuthStore;
  idleHours: number;
  maxDays: number;
  now: () => number;
}): SessionService {
  const { auth, now } = options;
  const idleMs = options.idleHours * HOUR_MS;
  const maxMs = options.maxDays * 24 * HOUR_MS;

  return {
    async start(staff, userAgent) {
      const { token, hash } = createSecretToken();
      const sessionId = randomUUID();
      await auth.createSession({
        id: sessionId,
        tokenHash: hash,
        staffId: staff.id,
        userAgent: userAgent?.slice(0, 300) ?? null,
        now: new Date(now()),
      });
      return { token, sessionId };
    },

    async authenticate(token) {
      if (token === null || !isWellFormedToken(token)) return null;
      const session = await auth.findSessionByTokenHash(hashSecretToken(token));
      if (session === null) return null;
      const at = now();
      const isIdle = at - session.lastSeenAt.getTime() >= idleMs;
      const isTooOld = at - session.createdAt.getTime() >= maxMs;
      if (isIdle || isTooOld) {
        await auth.deleteSession(session.staffId, session.id);
        return null;
      }
      if (at - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await auth.touchSession(session.id, new Date(at));
      }
      return {
        sessionId: session.id,
        staffId: session.staffId,
        email: session.email,
        provenAt: session.provenAt,
      };
    },
  };
}
