import type { Locator, Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { firstQuote, newVisitor, openSiteEditor } from './support/site-editor';
import { studioSiteApi } from './support/studio-site-api';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

const banner = (page: Page) => page.getByRole('region', { name: 'Draft preview' });

test('the preview says it is a draft, publishes that draft, and the visitor never sees the banner', async ({
  page,
  browser,
  studio,
}) => {
  // axe reads the whole page four times (two themes, two sizes): past the default 30 s on CI.
  test.slow();
  await page.goto(`${studio.origin}/studio`);
  await welcomeNewStaff(page, studio);
  const api = studioSiteApi(page, studio);
  const draft = await api.readDraft();
  const quote = `Previewed, then published from the banner at ${Date.now()}`;
  const content = structuredClone(draft.content) as {
    testimonials: { items: { quote: string }[] };
  };
  content.testimonials.items[0]!.quote = quote;
  expect((await api.saveDraft(content, draft.revision)).status).toBe(200);

  await page.goto(`${studio.origin}/studio/preview`);
  await expect(banner(page)).toContainText('Not published');
  await expect(firstQuote(page)).toHaveText(quote);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expectClean(page, 'preview', banner(page));

  // Publish from the banner: the answer is said where the focus lands.
  await banner(page).getByRole('button', { name: 'Publish' }).click();
  const said = banner(page).getByRole('status');
  await expect(said).toHaveText('Published: this is now the page visitors see.');
  await expect(said).toBeFocused();
  await expect(banner(page).getByRole('button', { name: 'Publish' })).toBeHidden();

  const visitor = await newVisitor(browser);
  await visitor.goto(`${studio.origin}/`);
  await expect(firstQuote(visitor)).toHaveText(quote);
  await expect(visitor.getByText('Draft preview')).toHaveCount(0);
  expect(await visitor.content()).not.toContain('preview-banner');
  await visitor.context().close();

  await banner(page).getByRole('link', { name: 'Back to editing' }).click();
  await expect(page).toHaveURL(`${studio.origin}/studio/site`);
  await expect(page.getByRole('group', { name: 'Hero' })).toBeVisible();
  await expectClean(page, 'editor', page.getByRole('button', { name: 'Save draft', exact: true }));
});

/**
 * No axe violation in either theme at either size, with `mustShow` on screen; screenshots to
 * SCREENSHOT_DIR when it is set.
 */
async function expectClean(page: Page, name: string, mustShow: Locator): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    // The page's own theme choice, as its theme control stores it.
    await page.evaluate((theme) => window.localStorage.setItem('theme', theme), scheme);
    await page.reload();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(mustShow).toBeInViewport();
      expect(await findAxeViolations(page), `${name} ${scheme} ${size.width}`).toEqual([]);
      if (process.env.SCREENSHOT_DIR !== undefined) {
        await page.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/${name}-${scheme}-${size.width}.png`,
        });
      }
    }
  }
}

test('a draft changed after the preview opened is not published from it', async ({
  page,
  studio,
}) => {
  await page.goto(`${studio.origin}/studio`);
  await welcomeNewStaff(page, studio);
  await openSiteEditor(page);
  await page.goto(`${studio.origin}/studio/preview`);
  const api = studioSiteApi(page, studio);
  const draft = await api.readDraft();
  const content = structuredClone(draft.content) as { hero: { tagline: string } };
  content.hero.tagline = `Changed behind the preview ${Date.now()}`;
  expect((await api.saveDraft(content, draft.revision)).status).toBe(200);

  await banner(page).getByRole('button', { name: 'Publish' }).click();
  await expect(banner(page).getByRole('status')).toHaveText(
    'Not published: the draft changed after this preview opened. Reload the preview to see it.',
  );
  await expect(banner(page).getByRole('button', { name: 'Publish' })).toBeEnabled();
});
