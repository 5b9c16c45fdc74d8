import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Hono } from 'hono';
import { StoreUnavailableError } from '../store/db/store-unavailable-error';
import { AuthenticationBodySchema } from './passkey-schemas';
import { CHALLENGE_TTL_MS, relyingPartyFor } from './passkey-settings';
import { readStudioBody } from './read-studio-body';
import type { StudioContext, StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

/**
 * PUBLIC: sign-in with a passkey alone, limited per address on a budget of its own: each
 * ceremony counts, and a verified passkey gives its attempts back. The options carry no credential list (the passkey is
 * discoverable: the authenticator offers whichever it holds for this site), and the challenge
 * waits server-side, once only, for a few minutes.
 */
export function registerPasskeySignIn(app: Hono<StudioEnv>, kit: StudioKit): void {
  const rp = relyingPartyFor(kit.config);

  const refuse = async (c: StudioContext, email: string | null, reason: string) => {
    await kit.audit(c, 'sign_in_failed', email, `passkey: ${reason}`);
    return kit.respond.error(401, 'invalid_credentials');
  };

  app.post('/passkeys/authentication/options', async (c) => {
    const attempt = await kit.limits.passkey(kit.clientIp(c), 'options');
    if (attempt.refused) return kit.refuse(c, attempt, null);
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials: [],
      userVerification: 'required',
    });
    const now = kit.now();
    await kit.auth.saveChallenge({
      challenge: options.challenge,
      purpose: 'authentication',
      staffId: null,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
      now: new Date(now),
    });
    return kit.respond.json(200, options);
  });

  app.post('/passkeys/authentication', async (c) => {
    const attempt = await kit.limits.passkey(kit.clientIp(c), 'verify');
    if (attempt.refused) return kit.refuse(c, attempt, null);
    const body = await readStudioBody(c.req.raw, AuthenticationBodySchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const { response } = body.value;
    const passkey = await kit.auth.findPasskeyByCredentialId(response.id);
    if (passkey === null) return refuse(c, null, 'unknown passkey');
    const staff = await kit.auth.findStaffById(passkey.staffId);
    if (staff === null) return refuse(c, null, 'unknown passkey');
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== isoBase64URL.fromUTF8String(staff.id)) {
      return refuse(c, staff.email, 'wrong user handle');
    }

    const now = new Date(kit.now());
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) =>
        kit.auth.consumeChallenge(challenge, 'authentication', null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    }).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) throw error;
      return null;
    });
    if (verification === null || !verification.verified) {
      return refuse(c, staff.email, 'verification failed');
    }
    const { newCounter } = verification.authenticationInfo;
    if (!(await kit.auth.recordPasskeyUse(passkey.id, passkey.signCount, newCounter, now))) {
      return refuse(c, staff.email, 'sign count raced');
    }
    await attempt.succeeded();
    return kit.signIn(c, staff, 'passkey');
  });
}
