import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, type SiteServer } from './site-server';

const run = promisify(execFile);

const STAFF_EMAIL = 'bench.publisher@studio.example';
const STAFF_PASSWORD = 'a long bench passphrase that is only used here';

/** A signed-in staff member of a bench server: where to send requests and the session cookie. */
export type Studio = { origin: string; siteUrl: string; cookie: string };

export async function studioFetch(
  studio: Pick<Studio, 'origin' | 'siteUrl'> & { cookie?: string },
  apiPath: string,
  init: { method?: string; body?: unknown; ifMatch?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: studio.siteUrl };
  if (studio.cookie !== undefined) headers.cookie = studio.cookie;
  if (init.ifMatch !== undefined) headers['if-match'] = init.ifMatch;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${studio.origin}/api/studio${apiPath}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) {
    throw new Error(
      `${init.method ?? 'GET'} ${apiPath}: ${response.status} ${await response.text()}`,
    );
  }
  return response;
}

/** A staff member made the operator's way (the built CLI), then signed in over HTTP. */
export async function signIn(server: SiteServer, distDir: string): Promise<Studio> {
  // The checkout's CLI, like the server startSiteServer runs: the copy of dist/ has no node_modules.
  const cli = path.join(ROOT, 'dist', 'app', 'enquiries.js');
  const { stdout } = await run(process.execPath, [cli, 'staff', 'add', STAFF_EMAIL], {
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      DIST_DIR: distDir,
      DATABASE_URL: '',
      SITE_URL: server.siteUrl,
    },
  });
  const link = /\/studio\/welcome#token=(\S+)/.exec(stdout);
  if (link?.[1] === undefined) throw new Error(`staff add printed no link: ${stdout}`);
  const target = { origin: server.origin, siteUrl: server.siteUrl };
  await studioFetch(target, '/welcome', {
    method: 'POST',
    body: { token: link[1], password: STAFF_PASSWORD },
  });
  const session = await studioFetch(target, '/session', {
    method: 'POST',
    body: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
  });
  const cookie = session.headers.get('set-cookie')?.split(';')[0];
  if (cookie === undefined) throw new Error('The sign-in set no cookie.');
  return { ...target, cookie };
}
