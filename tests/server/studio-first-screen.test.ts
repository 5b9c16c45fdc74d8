import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firstScreenRequests } from '../../server/studio/studio-first-screen';
import { firstRequestsFor, MAILBOX_URL, STAFF_URL } from '../../src/studio/routing/first-requests';
import { parseRoute } from '../../src/studio/routing/studio-route';
import { BACKENDS } from './helpers/backends';
import { writeFixtureSite } from './helpers/fixture-site';
import { rawRequest } from './helpers/raw-request';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioTargetOf, type StudioStaff } from './helpers/studio-session';

const STUDIO_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Studio</title>' +
  '<script type="module" data-date-writers="/assets/studio-date-writers-7a8b9c.js" ' +
  'blocking="render" src="/assets/studio-1a2b3c.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/studio-react-4d5e6f.js"></head>' +
  '<body><div id="root"></div></body></html>';

/** The studio's server render, as the build bundles it: here its source, which vitest compiles. */
const STUDIO_SSR_SOURCE = path.resolve('src/studio/entry-server.tsx');

const FIRST_NAME = 'Ada Quill';
/** A name that would end the page's data element if it were written out as it is. */
const HOSTILE_NAME = 'Bo </script><script>alert(1)</script>';

type Page = {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
};

function inlineScripts(body: string): string[] {
  return [...body.matchAll(/<script>([^<]*)<\/script>/g)].map((match) => match[1]!);
}

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

describe('a signed-in person’s first screen, drawn by the server', () => {
  let root: string;
  let app: TestApp;
  let staff: StudioStaff;
  let leadId: string;

  const page = async (address: string, cookie?: string): Promise<Page> => {
    const response = await rawRequest(`${app.url}${address}`, {
      headers: cookie === undefined ? {} : { cookie },
    });
    return { status: response.status, body: response.body.toString(), headers: response.headers };
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-first-screen-'));
    const distDir = await writeFixtureSite(root);
    await writeFile(path.join(distDir, 'client', 'studio.html'), STUDIO_HTML);
    await mkdir(path.join(distDir, 'studio-server'));
    await writeFile(
      path.join(distDir, 'studio-server', 'entry-server.js'),
      `export * from ${JSON.stringify(STUDIO_SSR_SOURCE)};\n`,
    );
    app = await startTestApp(BACKENDS[0]!, {}, { distDir });
    staff = await createSignedInStaff(studioTargetOf(app));
    for (const [index, name] of [HOSTILE_NAME, FIRST_NAME].entries()) {
      const saved = await app.store.saveEnquiry({
        message: {
          name,
          email: `lead${index}@example.com`,
          service: 'Brand Strategy',
          message: 'A new brand for our bakery.',
        },
        isSpam: false,
        clientIp: '203.0.113.7',
        userAgent: 'Test Browser',
        idempotency: null,
        sender: { address: 'hello@emberandink.example', messageDomain: 'emberandink.example' },
      });
      if (saved.kind !== 'created') throw new Error(`Expected a new enquiry, got ${saved.kind}`);
      leadId = saved.id;
    }
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  it('draws the inbox’s first rows into /studio, with the data the app hydrates from', async () => {
    const inbox = await page('/studio', staff.cookie);
    expect(inbox.status).toBe(200);
    const drawn = /<div id="root">([\s\S]*?)<\/div><script>/.exec(inbox.body)?.[1] ?? '';
    expect(drawn).toContain(FIRST_NAME);
    expect(drawn).toContain('Bo &lt;/script&gt;');
    expect(inbox.body).toContain('<script type="application/json" id="studio-first-screen">');
    expect(inbox.body, 'the drawn page paints before the app has run').not.toContain(
      'blocking="render"',
    );
    expect(inbox.body, 'the app is asked for once the drawing has painted').not.toContain(
      '<script type="module"',
    );
    expect(inlineScripts(inbox.body).at(-1)).toContain('"/assets/studio-1a2b3c.js"');
    expect(inbox.body, 'React’s runtime is not asked for before the paint').not.toContain(
      'rel="modulepreload"',
    );
    expect(inlineScripts(inbox.body).at(-1), 'but with the app, after it').toContain(
      '"/assets/studio-react-4d5e6f.js"',
    );
    expect(inbox.headers.link, 'nothing left to hint').toBeUndefined();
  });

  it('starts the worker that loads the browser’s date data from the head, before the stylesheet', async () => {
    const inbox = await page('/studio', staff.cookie);
    const head = inbox.body.slice(0, inbox.body.indexOf('</head>'));
    expect(inlineScripts(head)[0]).toBe(
      'try{new Worker("/assets/studio-date-writers-7a8b9c.js")}catch(e){}',
    );
    expect(inbox.body, 'the attribute went with the tag').not.toContain('data-date-writers');
  });

  it('draws a lead’s page from an emailed link', async () => {
    const lead = await page(`/studio?view=lead&id=${encodeURIComponent(leadId)}`, staff.cookie);
    expect(lead.status).toBe(200);
    expect(lead.body).toContain(FIRST_NAME);
    expect(lead.body).toContain('lead1@example.com');
  });

  it('never lets a lead’s words end the data element or run as script', async () => {
    const inbox = await page('/studio', staff.cookie);
    const data =
      /<script type="application\/json" id="studio-first-screen">([\s\S]*?)<\/script>/.exec(
        inbox.body,
      )?.[1];
    expect(data).toBeDefined();
    expect(data).not.toContain('</script');
    const parsed = JSON.parse(data!) as { answers: Record<string, { items?: { name: string }[] }> };
    const names = parsed.answers['/api/studio/leads']?.items?.map((item) => item.name);
    expect(names).toEqual([FIRST_NAME, HOSTILE_NAME]);
    expect(inlineScripts(inbox.body).join('')).not.toContain('alert');
  });

  it('is for the person alone: never stored by a cache, and it varies by cookie', async () => {
    const inbox = await page('/studio', staff.cookie);
    expect(String(inbox.headers['cache-control'])).toMatch(/no-store/);
    expect(String(inbox.headers['cache-control'])).toMatch(/private/);
    expect(String(inbox.headers.vary)).toMatch(/cookie/i);
    expect(inbox.headers.etag).toBeUndefined();
  });

  it('allows each inline script by its hash, and nothing inline besides', async () => {
    const inbox = await page('/studio', staff.cookie);
    const csp = String(inbox.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const scripts = inlineScripts(inbox.body);
    // The date writers' worker's start, the theme's two, and the app's loader.
    expect(scripts.length).toBe(4);
    for (const script of scripts) expect(scriptSrc).toContain(hashOf(script));
  });

  it('shows no one’s leads to a visitor without a session, or with one that is not valid', async () => {
    for (const cookie of [undefined, '__Host-studio_session=not-a-session', 'studio_session=x']) {
      for (const address of [
        '/studio',
        `/studio?view=lead&id=${encodeURIComponent(leadId)}`,
        `/studio?view=enquiry&id=${encodeURIComponent(leadId)}`,
      ]) {
        const answer = await page(address, cookie);
        expect(answer.status, address).toBe(200);
        expect(answer.body, address).toBe(STUDIO_HTML);
        expect(answer.body, address).not.toContain(FIRST_NAME);
      }
    }
  });

  it('spends at most one session lookup on a page asked with many cookies of the name', async () => {
    const lookups = vi.spyOn(app.store.auth, 'findSessionByTokenHash');
    const name = staff.cookie.slice(0, staff.cookie.indexOf('='));
    const many = (value: (index: number) => string) =>
      Array.from({ length: 200 }, (_, index) => `${name}=${value(index)}`).join('; ');
    const unknownToken = (index: number) => String(index).padStart(43, 'A');
    try {
      for (const cookie of [many(() => 'x'), many(unknownToken)]) {
        lookups.mockClear();
        const answer = await page('/studio', cookie);
        expect(answer.status).toBe(200);
        expect(answer.body).toBe(STUDIO_HTML);
        expect(lookups.mock.calls.length).toBeLessThanOrEqual(1);
      }
      lookups.mockClear();
      const signedIn = await page('/studio', `${many(() => 'x')}; ${staff.cookie}`);
      expect(signedIn.body, 'the session among them is the one read').toContain(FIRST_NAME);
      const drawn = lookups.mock.calls.length;
      lookups.mockClear();
      await page('/studio', staff.cookie);
      expect(drawn, 'no more than the same page asked with its one cookie').toBe(
        lookups.mock.calls.length,
      );
    } finally {
      lookups.mockRestore();
    }
  });

  it('answers a lead that does not exist with the app’s own page, as before', async () => {
    for (const id of ['no-such-lead', '../me', 'e%2F1%3Fx']) {
      const answer = await page(`/studio?view=enquiry&id=${id}`, staff.cookie);
      expect(answer.status, id).toBe(200);
      expect(answer.body, id).toBe(STUDIO_HTML);
    }
  });

  it('is drawn from the very URLs the app’s first requests and its mailbox and staff use', () => {
    for (const address of ['/studio', '/studio?view=enquiry&id=e%2F1%3Fx']) {
      const url = new URL(address, 'http://localhost');
      const asked = [
        ...firstRequestsFor(parseRoute(url.pathname, url.search)),
        MAILBOX_URL,
        STAFF_URL,
      ];
      expect(firstScreenRequests(url)?.toSorted(), address).toEqual(asked.toSorted());
    }
  });

  it('draws no other studio page', async () => {
    for (const address of ['/studio?status=new', '/studio/site', '/studio?view=settings']) {
      const answer = await page(address, staff.cookie);
      expect(answer.body, address).toBe(STUDIO_HTML);
    }
  });
});
