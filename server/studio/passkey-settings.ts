import type { Config } from '../config';

/** A ceremony's challenge is good for this long after its options were sent. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * Adding a passkey needs the password (or a passkey) given this recently in the session, so a
 * stolen session cookie alone cannot add a way back in.
 */
export const FRESH_PROOF_MS = 5 * 60 * 1000;

export type RelyingParty = { name: string; id: string; origin: string };

/** WebAuthn binds passkeys to the site's host (RP ID) and its exact origin. */
export function relyingPartyFor(config: Config): RelyingParty {
  return {
    name: 'Ember & Ink studio',
    id: new URL(config.siteOrigin).hostname,
    origin: config.siteOrigin,
  };
}
