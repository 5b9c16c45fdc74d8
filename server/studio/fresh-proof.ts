import type { MiddlewareHandler } from 'hono';
import { FRESH_PROOF_MS } from './passkey-settings';
import type { SignedIn } from './session-service';
import { requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

/** Whether the person gave their password or a passkey in this session within FRESH_PROOF_MS. */
export function hasFreshProof(signedIn: SignedIn, now: number): boolean {
  return signedIn.provenAt !== null && now - signedIn.provenAt.getTime() < FRESH_PROOF_MS;
}

/**
 * For the routes that hand over everyone's data: a fresh proof first (403
 * `reauthentication_required` without one, and the studio asks for the password), so a stolen
 * session cookie alone cannot take the lists away; each answer given is in the audit log as
 * `event`, with its query (the format and filters, never an address).
 */
export function requireFreshProof(kit: StudioKit, event: string): MiddlewareHandler<StudioEnv> {
  return async (c, next) => {
    const signedIn = requireStaff(c);
    if (!hasFreshProof(signedIn, kit.now())) {
      return kit.respond.error(403, 'reauthentication_required');
    }
    await next();
    if (c.res.status === 200) {
      await kit.audit(c, event, signedIn.email, new URL(c.req.url).search.slice(1));
    }
  };
}
