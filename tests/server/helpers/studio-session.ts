import { runStaffCommand } from '../../../server/cli/staff-commands';
import type { Store } from '../../../server/store/store';
import type { TestApp } from './start-test-app';

export const STUDIO_API = '/api/studio';

/** A staff member who has chosen a password through the welcome link, and is signed in. */
export type StudioStaff = {
  email: string;
  password: string;
  /** `name=value`, ready for a Cookie header. */
  cookie: string;
};

export type StudioTarget = {
  url: string;
  store: Store;
  siteOrigin: string;
  /** The app's clock, when a test moves it; the CLI then dates its links by it too. */
  now?: () => number;
};

let counter = 0;

/** The studio of a running test app, dated by `now` when the test moves the app's clock. */
export function studioTargetOf(app: TestApp, now?: () => number): StudioTarget {
  const target = { url: app.url, store: app.store, siteOrigin: app.config.siteOrigin };
  return now === undefined ? target : { ...target, now };
}

/** The `name=value` part of a Set-Cookie header; fails the test when there is none. */
export function cookieFrom(response: Response): string {
  const header = response.headers.get('set-cookie');
  const pair = header?.split(';')[0];
  if (pair === undefined || pair.endsWith('=')) {
    throw new Error(`Expected a session cookie, got ${JSON.stringify(header)}`);
  }
  return pair;
}

/** Same-origin JSON request to the studio API, as the studio app makes it. */
export function studioFetch(
  target: Pick<StudioTarget, 'url' | 'siteOrigin'>,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: target.siteOrigin, ...init.headers };
  if (init.cookie !== undefined) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${target.url}${STUDIO_API}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Runs `staff add` as the CLI does and returns the token from the link it prints. */
export async function addStaffByCli(
  target: StudioTarget,
  email: string,
): Promise<{ link: string; token: string }> {
  const result = await runStaffCommand(
    target.store,
    ['add', email],
    target.siteOrigin,
    new Date(target.now?.() ?? Date.now()),
  );
  const link = /https?:\/\/\S+#token=\S+/.exec(result.stdout)?.[0];
  const token = link === undefined ? undefined : new URL(link).hash.slice('#token='.length);
  if (result.code !== 0 || link === undefined || token === undefined) {
    throw new Error(`staff add failed: ${result.stdout}${result.stderr}`);
  }
  return { link, token };
}

/**
 * Adds a staff member through the CLI's own function, sets their password through the welcome
 * link, then signs in with it over the real HTTP API. Returns the sign-in's cookie.
 */
export async function createSignedInStaff(
  target: StudioTarget,
  options: { email?: string; password?: string } = {},
): Promise<StudioStaff> {
  counter += 1;
  const email = options.email ?? `staff${Date.now()}.${counter}@studio.example`;
  const password = options.password ?? `correct horse battery ${counter}`;
  const { token } = await addStaffByCli(target, email);
  const welcome = await studioFetch(target, '/welcome', {
    method: 'POST',
    body: { token, password },
  });
  if (welcome.status !== 200) throw new Error(`welcome failed: ${welcome.status}`);
  const signIn = await studioFetch(target, '/session', {
    method: 'POST',
    body: { email, password },
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
  return { email, password, cookie: cookieFrom(signIn) };
}

/** POST media as the editor uploads an image: one file in the multipart field `file`. */
export function uploadMedia(
  target: Pick<StudioTarget, 'url' | 'siteOrigin'>,
  cookie: string,
  bytes: Buffer,
  name: string,
  type = 'image/jpeg',
): Promise<Response> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${target.url}${STUDIO_API}/media`, {
    method: 'POST',
    headers: { origin: target.siteOrigin, cookie },
    body: form,
  });
}
