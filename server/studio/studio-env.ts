import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { SignedIn } from './session-service';

/** The studio router's environment: the guard puts the signed-in person here. */
export type StudioEnv = AppEnv & { Variables: { signedIn: SignedIn | undefined } };

export type StudioContext = Context<StudioEnv>;

/** Thrown when a handler asks for the signed-in person and there is none: answered 401. */
export class NotSignedInError extends Error {
  override name = 'NotSignedInError';
}

/**
 * The signed-in person: the only way a studio handler learns who is asking. The session guard
 * has already refused requests without a session before any protected handler runs; this
 * throws (answered 401) if a handler ever ran without it.
 */
export function requireStaff(c: StudioContext): SignedIn {
  const signedIn = c.get('signedIn');
  if (signedIn === undefined) throw new NotSignedInError('No signed-in staff member');
  return signedIn;
}
