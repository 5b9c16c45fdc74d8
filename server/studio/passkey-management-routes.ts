import { randomUUID } from 'node:crypto';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Hono } from 'hono';
import { StoreUnavailableError } from '../store/db/store-unavailable-error';
import { RegistrationBodySchema } from './passkey-schemas';
import { hasFreshProof } from './fresh-proof';
import { CHALLENGE_TTL_MS, relyingPartyFor } from './passkey-settings';
import { readStudioBody } from './read-studio-body';
import { isUuid } from './session-routes';
import { requireStaff, type StudioEnv } from './studio-env';
import type { StudioKit } from './studio-kit';

/** A failed verification is the caller's problem (400); an unreachable store is ours (503). */
function rethrowOutage(error: unknown): void {
  if (error instanceof StoreUnavailableError) throw error;
}

/**
 * Registration (options, then verify), list and delete: for the signed-in person's own
 * passkeys. Both registration steps need a fresh proof (answered 403 `reauthentication_required`
 * without one: the studio then asks for the password), and every change is emailed to the
 * person, so a stolen session cookie can neither add a passkey nor do it unnoticed.
 */
export function registerPasskeyManagement(app: Hono<StudioEnv>, kit: StudioKit): void {
  const rp = relyingPartyFor(kit.config);
  const refuseStale = () => kit.respond.error(403, 'reauthentication_required');

  app.post('/passkeys/registration/options', async (c) => {
    const signedIn = requireStaff(c);
    if (!hasFreshProof(signedIn, kit.now())) return refuseStale();
    const existing = await kit.auth.listPasskeys(signedIn.staffId);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: signedIn.email,
      // The user handle a discoverable passkey hands back at sign-in: it names the person.
      userID: new TextEncoder().encode(signedIn.staffId),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: passkey.transports,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const now = kit.now();
    await kit.auth.saveChallenge({
      challenge: options.challenge,
      purpose: 'registration',
      staffId: signedIn.staffId,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
      now: new Date(now),
    });
    return kit.respond.json(200, options);
  });

  app.post('/passkeys/registration', async (c) => {
    const signedIn = requireStaff(c);
    if (!hasFreshProof(signedIn, kit.now())) return refuseStale();
    const body = await readStudioBody(c.req.raw, RegistrationBodySchema, {
      limit: kit.config.bodyLimitBytes,
      respond: kit.respond,
    });
    if (!body.ok) return body.response;
    const now = new Date(kit.now());
    const verification = await verifyRegistrationResponse({
      response: body.value.response,
      expectedChallenge: (challenge) =>
        kit.auth.consumeChallenge(challenge, 'registration', signedIn.staffId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      rethrowOutage(error);
      return null;
    });
    if (verification === null || !verification.verified) {
      return kit.respond.error(400, 'invalid_passkey');
    }
    const { credential } = verification.registrationInfo;
    if ((await kit.auth.findPasskeyByCredentialId(credential.id)) !== null) {
      return kit.respond.error(409, 'passkey_exists');
    }
    const passkey = {
      id: randomUUID(),
      staffId: signedIn.staffId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      name: body.value.name ?? 'Passkey',
      now,
    };
    await kit.auth.addPasskey(passkey, signedIn.email);
    kit.nudgeOutbox();
    await kit.audit(c, 'passkey_added', signedIn.email, passkey.id);
    return kit.respond.json(201, {
      id: passkey.id,
      name: passkey.name,
      createdAt: now.toISOString(),
    });
  });

  app.get('/passkeys', async (c) => {
    const signedIn = requireStaff(c);
    const passkeys = await kit.auth.listPasskeys(signedIn.staffId);
    return kit.respond.json(200, {
      items: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
      })),
    });
  });

  app.delete('/passkeys/:id', async (c) => {
    const signedIn = requireStaff(c);
    const id = c.req.param('id');
    if (!isUuid(id)) return kit.respond.error(400, 'invalid_request');
    const removal = await kit.auth.deletePasskey(
      signedIn.staffId,
      id,
      signedIn.email,
      new Date(kit.now()),
    );
    if (removal === 'not-found') return kit.respond.error(404, 'not_found');
    if (removal === 'last-sign-in-method') return kit.respond.error(409, 'last_sign_in_method');
    kit.nudgeOutbox();
    await kit.audit(c, 'passkey_removed', signedIn.email, id);
    return kit.respond.empty();
  });
}
