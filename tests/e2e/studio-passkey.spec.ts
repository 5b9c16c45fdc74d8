import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { runStaffCommand } from '../../server/cli/staff-commands';
import { readConfig } from '../../server/config';
import { startServices, type Services } from '../../server/start-services';
import { loadSite } from '../../server/static/load-site';
import { writeFixtureSite } from '../server/helpers/fixture-site';
import { E2E_PORT } from './support/server-origin';
import { addStudioAuthenticator } from './support/studio-authenticator';

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

async function copyOfTheBuild(root: string): Promise<string> {
  const copy = path.join(root, 'build');
  await cp('dist', copy, { recursive: true });
  return copy;
}

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

type Ceremony = 'registration' | 'authentication';

/**
 * One WebAuthn ceremony as the browser runs it: options from the server, then
 * navigator.credentials.create (registration) or .get (a passkey alone, no email typed: the
 * authenticator offers what it holds), then the result back to the server.
 */
function performCeremony(page: Page, ceremony: Ceremony): Promise<Answer> {
  return page.evaluate(async (ceremony) => {
    const toBytes = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const toText = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/={1,2}$/, '');
    const post = (url: string, body?: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    const options = (await (await post(`/api/studio/passkeys/${ceremony}/options`)).json()) as {
      challenge: string;
      user: { id: string; name: string; displayName: string };
      rp: { id: string; name: string };
      pubKeyCredParams: PublicKeyCredentialParameters[];
      authenticatorSelection: AuthenticatorSelectionCriteria;
      excludeCredentials: { id: string; type: 'public-key' }[];
      rpId: string;
      userVerification: UserVerificationRequirement;
    };
    const challenge = toBytes(options.challenge);
    const credential = (
      ceremony === 'registration'
        ? await navigator.credentials.create({
            publicKey: {
              ...options,
              challenge,
              user: { ...options.user, id: toBytes(options.user.id) },
              excludeCredentials: options.excludeCredentials.map((item) => ({
                ...item,
                id: toBytes(item.id),
              })),
            },
          })
        : await navigator.credentials.get({
            publicKey: { ...options, challenge, allowCredentials: [] },
          })
    ) as PublicKeyCredential;
    const answer = credential.response as AuthenticatorAttestationResponse &
      AuthenticatorAssertionResponse;
    const response =
      ceremony === 'registration'
        ? {
            clientDataJSON: toText(answer.clientDataJSON),
            attestationObject: toText(answer.attestationObject),
            transports: answer.getTransports(),
          }
        : {
            clientDataJSON: toText(answer.clientDataJSON),
            authenticatorData: toText(answer.authenticatorData),
            signature: toText(answer.signature),
            userHandle: answer.userHandle === null ? undefined : toText(answer.userHandle),
          };
    const result = await post(`/api/studio/passkeys/${ceremony}`, {
      ...(ceremony === 'registration' ? { name: 'Virtual authenticator' } : {}),
      response: {
        id: credential.id,
        rawId: toText(credential.rawId),
        type: credential.type,
        clientExtensionResults: {},
        response,
      },
    });
    return { status: result.status, body: (await result.json()) as unknown };
  }, ceremony);
}

test.describe('studio passkey', () => {
  let root: string;
  let services: Services;

  test.beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-passkey-'));
    // The built seed: the content modules behind today's seed import images only Vite resolves.
    const builtContent: unknown = JSON.parse(await readFile('dist/site-content.json', 'utf8'));
    const distDir = await writeFixtureSite(root, undefined, builtContent);
    await writeFile(path.join(distDir, 'client', 'studio.html'), STUDIO_PAGE);
    const config = readConfig({
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      // A copy of the build to render with: a first start publishes the seed into DIST_DIR,
      // which must not be the build the other suites read at the same time.
      DIST_DIR: await copyOfTheBuild(root),
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

    const authenticator = await addStudioAuthenticator(page);

    await page.goto(link);
    const token = await page.evaluate(() =>
      new URLSearchParams(location.hash.slice(1)).get('token'),
    );
    const welcome = await callApi(page, 'POST', '/welcome', { token, password: PASSWORD });
    expect(welcome).toEqual({ status: 200, body: { success: true, staff: { email: EMAIL } } });

    const registered = await performCeremony(page, 'registration');
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ name: 'Virtual authenticator' });
    const listed = await callApi(page, 'GET', '/passkeys');
    expect((listed.body as { items: unknown[] }).items).toHaveLength(1);
    const [created] = await authenticator.listCredentials();
    expect(created?.isResidentCredential).toBe(true);
    const countAtRegistration = created?.signCount ?? -1;

    expect((await callApi(page, 'DELETE', '/session')).status).toBe(204);
    expect((await callApi(page, 'GET', '/me')).status).toBe(401);

    const signedIn = await performCeremony(page, 'authentication');
    expect(signedIn).toEqual({ status: 200, body: { success: true, staff: { email: EMAIL } } });
    expect((await callApi(page, 'GET', '/me')).body).toMatchObject({ staff: { email: EMAIL } });
    const [used] = await authenticator.listCredentials();
    expect(used?.signCount ?? -1).toBeGreaterThan(countAtRegistration);

    const again = await performCeremony(page, 'authentication');
    expect(again.status).toBe(200);
    const [usedTwice] = await authenticator.listCredentials();
    expect(usedTwice?.signCount ?? -1).toBeGreaterThan(used?.signCount ?? -1);

    const passkeyId = (
      (await callApi(page, 'GET', '/passkeys')).body as { items: { id: string }[] }
    ).items[0]?.id;
    expect((await callApi(page, 'DELETE', `/passkeys/${passkeyId ?? ''}`)).status).toBe(204);
    expect((await callApi(page, 'DELETE', '/session')).status).toBe(204);
    const refused = await performCeremony(page, 'authentication');
    expect(refused).toEqual({
      status: 401,
      body: { success: false, error: 'invalid_credentials' },
    });
    expect(await authenticator.listCredentials()).toHaveLength(1);

    const audit = (await services.store.auth.listAudit(20)).map((entry) => entry.event);
    expect(audit).toEqual(
      expect.arrayContaining(['staff_added', 'password_set', 'passkey_added', 'passkey_removed']),
    );
  });
});
