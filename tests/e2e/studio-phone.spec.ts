import type { Locator, Page } from '@playwright/test';
import { findAxeViolations } from './support/axe';
import { openSiteEditor } from './support/site-editor';
import { leadCard } from './support/studio-inbox';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';
import { sendEnquiry } from './support/studio-visitor';

// Headless Chromium names itself HeadlessChrome, which the bot list filters out of the Audience.
test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SCREENSHOTS = '/tmp/studio-phone';

async function expectTarget(control: Locator, name: string): Promise<void> {
  const box = await control.boundingBox();
  expect(box?.width ?? 0, name).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
}

/** Every link of a navigation, and the phone's Filters button: a finger can hit each. */
async function expectInboxTargets(page: Page): Promise<void> {
  for (const name of ['Studio', 'Views', 'Folders']) {
    const links = page.getByRole('navigation', { name }).getByRole('link');
    for (const link of await links.all())
      await expectTarget(link, `${name}: ${await link.innerText()}`);
  }
  await expectTarget(page.getByRole('button', { name: 'Filters' }), 'Filters');
}

for (const theme of ['light', 'dark'] as const) {
  test(`on a phone the studio shows the first enquiry, scrolls its tables and keeps the editor's bar small, ${theme} theme`, async ({
    page,
    studio,
  }) => {
    test.slow();
    await page.goto(`${studio.origin}/?utm_source=linkedin&utm_medium=social&utm_campaign=cases`);
    const sent = await sendEnquiry(page, studio.origin);
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(PHONE);
    await welcomeNewStaff(page, studio);
    await expect(page.locator('html')).toHaveClass(
      theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );

    // The inbox: the first enquiry is above the fold, the filters folded behind one button.
    const firstRow = leadCard(page, sent.name);
    await expect(firstRow).toBeInViewport({ ratio: 1 });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await expect(search).toBeHidden();
    await expect(page.getByText('No filters on.')).toBeVisible();
    await expectInboxTargets(page);
    await page.screenshot({ path: `${SCREENSHOTS}-inbox-phone-${theme}.png` });
    expect(await findAxeViolations(page), 'inbox').toEqual([]);

    const filters = page.getByRole('button', { name: 'Filters' });
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await search.fill(sent.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(`Filtered by “${sent.name}”.`)).toBeVisible();
    await expect(search).toBeHidden();
    await expect(firstRow).toBeInViewport({ ratio: 1 });

    // Audience: each wide table scrolls inside its card, from the keyboard too.
    await page.goto(`${studio.origin}/studio/audience`);
    const sources = page.getByRole('region', { name: 'Sources' });
    await expect(sources).toBeVisible();
    for (const name of ['Sources', 'Campaigns']) {
      const region = page.getByRole('region', { name });
      await region.focus();
      await expect(region).toBeFocused();
      const room = await region.evaluate((box) => box.scrollWidth - box.clientWidth);
      expect(room, `${name} is wider than its card`).toBeGreaterThan(0);
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => region.evaluate((box) => box.scrollLeft), `${name} scrolls`)
        .toBeGreaterThan(0);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await sources.evaluate((box) => box.scrollTo({ left: 0 }));
    await sources.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}-audience-phone-${theme}.png` });
    expect(await findAxeViolations(page), 'audience').toEqual([]);

    // The site editor: its sticky bar covers at most a fifth of the screen.
    await openSiteEditor(page);
    const toolbar = page.getByRole('group', { name: 'Draft actions' }).locator('..');
    const height = (await toolbar.boundingBox())?.height ?? Infinity;
    expect(height).toBeLessThanOrEqual(PHONE.height / 5);
    await page.getByRole('group', { name: 'Hero' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 1200);
    await expect.poll(async () => (await toolbar.boundingBox())?.y).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}-editor-phone-${theme}.png` });
    expect(await findAxeViolations(page), 'editor').toEqual([]);
  });

  test(`on a desktop the inbox still shows its filters and folders, ${theme} theme`, async ({
    page,
    studio,
  }) => {
    test.slow();
    const sent = await sendEnquiry(page, studio.origin);
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(DESKTOP);
    await welcomeNewStaff(page, studio);

    await expect(leadCard(page, sent.name)).toBeInViewport();
    for (const name of ['Search', 'Service', 'Stage', 'Owner']) {
      await expect(page.getByRole('main').getByLabel(name, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Filters' })).toBeHidden();
    await expect(page.getByText('No filters on.')).toBeHidden();
    // The folders wrap as before: all in view at once, none scrolled away.
    for (const link of await page
      .getByRole('navigation', { name: 'Folders' })
      .getByRole('link')
      .all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: `${SCREENSHOTS}-inbox-desktop-${theme}.png` });
    expect(await findAxeViolations(page)).toEqual([]);
  });
}

test('a lead without saved replies says so on the line of its "Edit saved replies", on a phone and a desktop', async ({
  page,
  studio,
}) => {
  const sent = await sendEnquiry(page, studio.origin);
  await welcomeNewStaff(page, studio);
  await leadCard(page, sent.name).click();
  const none = page.getByText('No saved replies yet.');
  const edit = page.getByRole('button', { name: 'Edit saved replies' });
  /** The middle of a box's height: the text's, since each centres its one line. */
  const middleOf = async (locator: Locator) => {
    const box = await locator.boundingBox();
    return box === null ? NaN : box.y + box.height / 2;
  };
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await edit.scrollIntoViewIfNeeded();
    await expect(none).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}-saved-replies-${size.width}.png` });
    const apart = Math.abs((await middleOf(none)) - (await middleOf(edit)));
    expect(apart, `one line at ${size.width} px`).toBeLessThanOrEqual(2);
  }
});
