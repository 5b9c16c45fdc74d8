import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { runStaffCommand } from '../../server/cli/staff-commands';
import { readConfig } from '../../server/config';
import { startServices, type Services } from '../../server/start-services';
import { loadSite } from '../../server/static/load-site';
import { writeFixtureSite } from '../server/helpers/fixture-site';
import { E2E_PORT } from './support/server-origin';

/**
 * WebAuthn refuses IP addresses, so this journey runs its own server at http://localhost, next
 * to the shared one. Until the studio app is built into the site, the studio page is a bare
 * page of the build's shape, and the journey drives the real WebAuthn browser API in it.
 */
const PORT = E2E_PORT + 1;
const ORIGIN = `http://localhost:${PORT}`;
const STUDIO_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio</title></head><body><main id="studio"></main></body></html>';
const EMAIL = 'passkey.person@studio.example';
const PASSWORD = 'a passphrase of some length';

type Answer = { status: number; body: unknown };

/** A same-origin JSON call from the page, as the studio app makes it (the cookie rides along). */
function callApi(page: Page, method: string, apiPath: string, body?: unknown): Promise<Answer> {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const response = await fetch(`/api/studio${apiPath}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
    },
    { method, apiPath, body },
  );
}

/** Registration: options from the server, navigator.credentials.create, the result back. */
function addPasskey(page: Page): Promise<Answer> {
  return page.evaluate(async () => {
    const toBytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const toText = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const post = (url: string, body?: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    const options = (await (await post('/api/studio/passkeys/registration/options')).json()) as {
      challenge: string;
      user: { id: string; name: string; displayName: string };
      rp: { id: string; name: string };
      pubKeyCredParams: PublicKeyCredentialParameters[];
      authenticatorSelection: AuthenticatorSelectionCriteria;
      excludeCredentials: { id: string; type: 'public-key' }[];
    };
    const credential = (await navigator.credentials.create({
      publicKey: {
        ...options,
        challenge: toBytes(options.challenge),
        user: { ...options.user, id: toBytes(options.user.id) },
        excludeCredentials: options.excludeCredentials.map((item) => ({
          ...item,
          id: toBytes(item.id),
        })),
      },
    })) as PublicKeyCredential;
    const attestation = credential.response as AuthenticatorAttestationResponse;
    const response = await post('/api/studio/passkeys/registration', {
      name: 'Virtual authenticator',
      response: {
        id: credential.id,
        rawId: toText(credential.rawId),
        type: credential.type,
        clientExtensionResults: {},
        response: {
          clientDataJSON: toText(attestation.clientDataJSON),
          attestationObject: toText(attestation.attestationObject),
          transports: attestation.getTransports(),
        },
      },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
}

/** Sign-in with a passkey alone: no email typed, the authenticator offers what it holds. */
function signInWithPasskey(page: Page): Promise<Answer> {
  return page.evaluate(async () => {
    const toBytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const toText = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const post = (url: string, body?: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    const options = (await (await post('/api/studio/passkeys/authentication/options')).json()) as {
      challenge: string;
      rpId: string;
      userVerification: UserVerificationRequirement;
    };
    const credential = (await navigator.credentials.get({
      publicKey: { ...options, challenge: toBytes(options.challenge), allowCredentials: [] },
    })) as PublicKeyCredential;
    const assertion = credential.response as AuthenticatorAssertionResponse;
    const response = await post('/api/studio/passkeys/authentication', {
      response: {
        id: credential.id,
        rawId: toText(credential.rawId),
        type: credential.type,
        clientExtensionResults: {},
        response: {
          clientDataJSON: toText(assertion.clientDataJSON),
          authenticatorData: toText(assertion.authenticatorData),
          signature: toText(assertion.signature),
          userHandle: assertion.userHandle === null ? undefined : toText(assertion.userHandle),
        },
      },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  });
}

async function credentialsOf(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}

test.describe('studio passkey', () => {
  let root: string;
  let services: Services;

  test.beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-passkey-'));
    const distDir = await writeFixtureSite(root);
    await writeFile(path.join(distDir, 'client', 'studio.html'), STUDIO_PAGE);
    const config = readConfig({
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      SITE_URL: ORIGIN,
    });
    const site = await loadSite(distDir, { isHttps: false });
    services = await startServices({
      config,
      site,
      log: () => undefined,
      writeAccessLine: () => undefined,
    });
  });

  test.afterAll(async () => {
    await services.stop(1_000);
    await rm(root, { recursive: true, force: true });
  });

  test('a person added by the CLI sets a password, adds a passkey and signs in with it alone', async ({
    page,
  }) => {
    const added = await runStaffCommand(services.store, ['add', EMAIL], ORIGIN);
    expect(added.code).toBe(0);
    const link = /http:\/\/\S+#token=\S+/.exec(added.stdout)?.[0] ?? '';
    expect(link.startsWith(`${ORIGIN}/studio/welcome#token=`)).toBe(true);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await page.goto(link);
    const token = await page.evaluate(() =>
      new URLSearchParams(location.hash.slice(1)).get('token'),
    );
    const welcome = await callApi(page, 'POST', '/welcome', { token, password: PASSWORD });
    expect(welcome).toEqual({ status: 200, body: { success: true, staff: { email: EMAIL } } });

    const registered = await addPasskey(page);
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ name: 'Virtual authenticator' });
    const listed = await callApi(page, 'GET', '/passkeys');
    expect((listed.body as { items: unknown[] }).items).toHaveLength(1);
    const [created] = await credentialsOf(cdp, authenticatorId);
    expect(created?.isResidentCredential).toBe(true);
    const countAtRegistration = created?.signCount ?? -1;

    expect((await callApi(page, 'DELETE', '/session')).status).toBe(204);
    expect((await callApi(page, 'GET', '/me')).status).toBe(401);

    const signedIn = await signInWithPasskey(page);
    expect(signedIn).toEqual({ status: 200, body: { success: true, staff: { email: EMAIL } } });
    expect((await callApi(page, 'GET', '/me')).body).toMatchObject({ staff: { email: EMAIL } });
    const [used] = await credentialsOf(cdp, authenticatorId);
    expect(used?.signCount ?? -1).toBeGreaterThan(countAtRegistration);

    const again = await signInWithPasskey(page);
    expect(again.status).toBe(200);
    const [usedTwice] = await credentialsOf(cdp, authenticatorId);
    expect(usedTwice?.signCount ?? -1).toBeGreaterThan(used?.signCount ?? -1);

    const passkeyId = (
      (await callApi(page, 'GET', '/passkeys')).body as { items: { id: string }[] }
    ).items[0]?.id;
    expect((await callApi(page, 'DELETE', `/passkeys/${passkeyId ?? ''}`)).status).toBe(204);
    expect((await callApi(page, 'DELETE', '/session')).status).toBe(204);
    const refused = await signInWithPasskey(page);
    expect(refused).toEqual({
      status: 401,
      body: { success: false, error: 'invalid_credentials' },
    });
    expect(await credentialsOf(cdp, authenticatorId)).toHaveLength(1);

    const audit = (await services.store.auth.listAudit(20)).map((entry) => entry.event);
    expect(audit).toEqual(
      expect.arrayContaining(['staff_added', 'password_set', 'passkey_added', 'passkey_removed']),
    );
  });
});
