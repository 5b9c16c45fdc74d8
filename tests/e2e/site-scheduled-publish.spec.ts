import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readConfig } from '../../server/config';
import { startServices, type Services } from '../../server/start-services';
import { loadSite } from '../../server/static/load-site';
import { runStaffCommand } from '../../server/cli/staff-commands';
import { readTestDatabaseUrl } from '../server/helpers/backends';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { findFreePort } from '../support/listen-on-loopback';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { findAxeViolations } from './support/axe';
import { editorItem, firstQuote } from './support/site-editor';
import { startSmtpSink } from './support/smtp-sink';

const HOUR = 60 * 60 * 1000;
const adminUrl = readTestDatabaseUrl();

/** An instance of the site on the shared database, at its own localhost port and dist copy. */
type Instance = { origin: string; services: Services; stop: () => Promise<void> };

/**
 * The page's violations with the editor scrolled to its top. Filling a testimonial scrolled
 * it, and where the sticky toolbar then lies over the fields above depends on what had loaded:
 * axe counts a button half under it as too small to hit, in one run and not the next.
 */
async function findAxeViolationsFromTop(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return findAxeViolations(page);
}

test.describe('a scheduled publish across two instances on one PostgreSQL', () => {
  test.skip(adminUrl === undefined, 'TEST_DATABASE_URL is not set: this journey needs PostgreSQL');
  let database: PostgresDatabase;
  let root: string;
  // Both instances' clock: the journey moves it past the schedule instead of waiting an hour.
  let ahead = 0;
  const now = () => Date.now() + ahead;

  async function startInstance(name: string): Promise<Instance> {
    const distDir = path.join(root, `dist-${name}`);
    await cp('dist', distDir, { recursive: true });
    const sink = await startSmtpSink(path.join(root, `mailbox-${name}`));
    const port = await findFreePort();
    // localhost with the port: the studio accepts only its SITE_URL's origin.
    const origin = `http://localhost:${port}`;
    const config = readConfig({
      DIST_DIR: distDir,
      PORT: String(port),
      SITE_URL: origin,
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, `data-${name}`),
      DATABASE_URL: database.url,
      CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
      SMTP_URL: sink.url,
      RATE_LIMIT_MAX: '100000',
      STUDIO_TIME_ZONE: 'Europe/London',
    });
    const services = await startServices({
      config,
      site: await loadSite(distDir, { isHttps: false }),
      log: () => undefined,
      writeAccessLine: () => undefined,
      now,
      scheduleIntervalMs: 250,
    });
    return {
      origin,
      services,
      stop: async () => {
        await services.stop(1_000);
        await sink.close();
      },
    };
  }

  test.beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl!);
    root = await mkdtemp(path.join(tmpdir(), 'ember-schedule-e2e-'));
  });
  test.afterAll(async () => {
    await database?.drop();
    await rm(root, { recursive: true, force: true });
  });

  async function signIn(page: Page, origin: string, services: Services): Promise<string> {
    const email = `owner-${Date.now()}@emberandink.example`;
    const { stdout } = await runStaffCommand(services.store, ['add', email], origin);
    const link = /https?:\/\/\S+#token=\S+/.exec(stdout)?.[0] ?? '';
    await page.goto(link);
    await page.getByLabel('New password').fill('four unrelated words, kept long');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
    return email;
  }

  test('scheduled on A, published once by B after A has stopped', async ({ page, browser }) => {
    test.slow();
    const a = await startInstance('a');
    let b: Instance | undefined;
    try {
      const email = await signIn(page, a.origin, a.services);
      await page.getByRole('link', { name: 'Site' }).click();
      const quote = `Launch day, scheduled at ${Date.now()}`;
      await editorItem(page, 'Testimonial', 1).getByLabel('Quote', { exact: true }).fill(quote);

      const publishAt = page.getByRole('button', { name: 'Publish at…' });
      await publishAt.click();
      await expect(publishAt).toHaveAttribute('aria-expanded', 'true');
      const form = page.getByRole('form', { name: 'Publish at a chosen time' });
      await expect(form.getByLabel('Time (Europe/London)')).toBeVisible();
      // The suggested time: the next full hour, at least half an hour away.
      expect(await findAxeViolationsFromTop(page), 'schedule form').toEqual([]);
      await form.getByRole('button', { name: 'Schedule publish' }).click();
      await expect(
        page.getByText(/^Scheduled: the draft as it is now will be published/),
      ).toBeFocused();
      await expect(page.getByText(/^Publishes on .+ \(Europe\/London\)$/)).toBeVisible();
      const history = page.getByRole('region', { name: 'History' });
      await expect(history.getByText('Waiting')).toBeVisible();
      expect(await findAxeViolationsFromTop(page), 'a pending schedule').toEqual([]);

      await a.stop();
      b = await startInstance('b');
      ahead = 2 * HOUR;

      const visitor = await browser.newPage();
      await expect(async () => {
        await visitor.goto(`${b!.origin}/`);
        await expect(firstQuote(visitor)).toHaveText(quote, { timeout: 500 });
      }).toPass({ timeout: 30_000 });

      // The studio on B: the publish is the scheduler's, live, and there is one of it.
      await page.goto(`${b.origin}/studio/site`);
      const historyOnB = page.getByRole('region', { name: 'History' });
      await expect(historyOnB.getByText('Published', { exact: true })).toBeVisible();
      const live = historyOnB.getByRole('listitem').filter({ hasText: 'Live now' });
      await expect(live).toHaveCount(1);
      // Named as colleagues know them, never by their address.
      const owner = await b.services.store.auth.findStaffByEmail(email);
      expect(owner?.name).toBeTruthy();
      await expect(live.getByText(`By ${owner?.name}`)).toBeVisible();
      await expect(live).not.toContainText(email);
      const audit = await b.services.store.auth.listAudit(50);
      expect(audit.filter((entry) => entry.event === 'site.publish')).toHaveLength(1);

      // A, started again on the same database, serves the same page.
      const again = await startInstance('a2');
      try {
        await visitor.goto(`${again.origin}/`);
        await expect(firstQuote(visitor)).toHaveText(quote);
      } finally {
        await again.stop();
      }
    } finally {
      await b?.stop();
    }
  });
});
