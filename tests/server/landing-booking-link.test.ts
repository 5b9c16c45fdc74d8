import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildMeta } from '../../server/build-meta';
import { BACKENDS } from './helpers/backends';
import { DIST } from './helpers/built-renderer';
import { startTestApp, type TestApp } from './helpers/start-test-app';

const BOOK_LINK = 'href="/book"';

/** `/` as a server with this BOOKING setting serves it, from a copy of the real build. */
describe.each([
  { setting: 'on', offersLink: true },
  { setting: 'off', offersLink: false },
])('the landing page with BOOKING=$setting', ({ setting, offersLink }) => {
  let root: string;
  let app: TestApp;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-landing-booking-'));
    // A copy: the server writes the page it renders at start into its dist/client.
    const distDir = path.join(root, 'dist');
    await cp(DIST, distDir, { recursive: true });
    // The build's own SITE_URL, so that its page and the server's render differ in nothing else.
    const siteUrl = (await readBuildMeta(DIST))?.siteUrl ?? '';
    const env = { BOOKING: setting, SITE_URL: siteUrl };
    app = await startTestApp(BACKENDS[0]!, env, { distDir, rendersWithBuild: true });
  });
  afterAll(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  it(`${offersLink ? 'offers' : 'does not offer'} the Book a call link in the hero and on the visit line`, async () => {
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain('By Appointment Only');
    const hero = /aria-labelledby="hero-title".*?<\/section>/s.exec(html)?.[0] ?? '';
    expect(hero.includes(`${BOOK_LINK}`)).toBe(offersLink);
    expect(html.split(BOOK_LINK).length - 1).toBe(offersLink ? 2 : 0);
    expect((await fetch(`${app.url}/book`)).status).toBe(offersLink ? 200 : 404);
    if (offersLink) {
      // Not a byte more than the build's own page when booking is on.
      expect(html).toBe(await readFile(path.join(DIST, 'client', 'index.html'), 'utf8'));
    }
  });
});
