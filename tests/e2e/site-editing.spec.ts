import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  editorItem,
  firstQuote,
  makePng,
  newVisitor,
  openSiteEditor,
  pictureWithAlt,
} from './support/site-editor';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

const quoteField = (page: Page) =>
  editorItem(page, 'Testimonial', 1).getByLabel('Quote', { exact: true });
const taglineField = (page: Page) =>
  page.getByRole('group', { name: 'Hero' }).getByLabel('Tagline', { exact: true });

/**
 * The first quote's words as the page delivers them. Not innerText: the section is laid out
 * only near the screen, and these checks are about what was published, not about scrolling.
 */
async function readFirstQuote(page: Page): Promise<string> {
  return ((await firstQuote(page).textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

async function saveDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(page.getByText('Draft saved.')).toBeVisible();
  await expect(page.getByText(/^Saved \d/)).toBeVisible();
}

/** Every file a picture offers is an upload: the <img> and each <source> of its srcset. */
async function expectUploadedPicture(page: Page, alt: string): Promise<void> {
  const picture = pictureWithAlt(page, alt);
  expect(await picture.getByRole('img').getAttribute('src')).toMatch(/^\/media\/[^/]+\.jpg$/);
  const srcsets = await picture
    .locator('source')
    .evaluateAll((sources) => sources.map((source) => source.getAttribute('srcset') ?? ''));
  expect(srcsets.length).toBeGreaterThan(0);
  for (const srcset of srcsets) {
    for (const candidate of srcset.split(','))
      expect(candidate.trim()).toMatch(/^\/media\/\S+ \d+w$/);
  }
}

/**
 * Publishes, then checks a visitor who has never been here. The publisher's instance swaps the
 * page before it answers (0039), so the visitor's first look after the answer must already be
 * the new page: no retry, and no wall-clock deadline that a busy machine's page load would miss.
 */
async function publishAndExpectVisitor(
  page: Page,
  browser: Browser,
  home: string,
  check: (visitor: Page) => Promise<void>,
): Promise<void> {
  const visitor = await newVisitor(browser);
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/studio/site/publish') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  expect((await answer).ok()).toBe(true);
  await visitor.goto(home, { waitUntil: 'domcontentloaded' });
  await check(visitor);
  await visitor.context().close();
  await expect(page.getByText(/^Published on .+ Visitors see it now\.$/)).toBeVisible();
}

test('staff change a quote and a project image, preview, publish, then restore the first version', async ({
  page,
  browser,
  studio,
}) => {
  test.slow();
  const home = `${studio.origin}/`;
  const newQuote = `A quote written in the studio, ${randomUUID()}.`;
  const newAlt = `A blue study, ${randomUUID()}`;

  const earlyVisitor = await newVisitor(browser);
  await earlyVisitor.goto(home);
  const oldQuote = await readFirstQuote(earlyVisitor);
  expect(oldQuote).not.toBe('');

  await welcomeNewStaff(page, studio);
  await openSiteEditor(page);
  await quoteField(page).fill(newQuote);
  const project = editorItem(page, 'Project', 1);
  await project.getByLabel('Replace image').setInputFiles({
    name: 'blue-study.png',
    mimeType: 'image/png',
    buffer: await makePng({ r: 20, g: 120, b: 200 }),
  });
  await expect(
    project.getByText('Image uploaded. Describe it, then save the draft.'),
  ).toBeVisible();
  await project.getByLabel('Image description (alt text)').fill(newAlt);
  await saveDraft(page);

  // The preview opens in a new tab: the draft as the page will be, for staff only.
  const opening = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = await opening;
  await expect(preview).toHaveURL(`${studio.origin}/studio/preview`);
  await expect(firstQuote(preview)).toHaveText(newQuote);
  await expect(pictureWithAlt(preview, newAlt)).toBeAttached();
  await expectUploadedPicture(preview, newAlt);
  await preview.close();

  // Saved and previewed, not yet published: visitors still get the old page.
  await earlyVisitor.reload();
  await expect(firstQuote(earlyVisitor)).toHaveText(oldQuote);
  await expect(earlyVisitor.getByText(newQuote)).toHaveCount(0);
  await expect(pictureWithAlt(earlyVisitor, newAlt)).toHaveCount(0);
  await earlyVisitor.context().close();

  await publishAndExpectVisitor(page, browser, home, async (visitor) => {
    expect(await readFirstQuote(visitor)).toBe(newQuote);
    await expectUploadedPicture(visitor, newAlt);
  });

  // The first version, set up with the site, is the last in the history, newest first.
  const history = page.getByRole('region', { name: 'History' });
  const firstVersion = history.getByRole('listitem').filter({ hasText: 'Set up with the site' });
  await firstVersion.getByRole('button', { name: /^Restore the version of / }).click();
  await expect(page.getByText(/^The version published on .+ is now the draft\./)).toBeVisible();
  await expect(quoteField(page)).toHaveValue(oldQuote);

  await publishAndExpectVisitor(page, browser, home, async (visitor) => {
    expect(await readFirstQuote(visitor)).toBe(oldQuote);
    expect(await visitor.content()).not.toContain(newQuote);
    expect(await pictureWithAlt(visitor, newAlt).count()).toBe(0);
  });
  // The restore, published unchanged, is told apart from an ordinary publish, and is live.
  const live = history.getByRole('listitem').filter({ hasText: 'Live now' });
  await expect(live.getByText(/^Restored the publish of /)).toBeVisible();
});

test('two staff edit the same quote: the second sees both versions, chooses, and nothing is lost', async ({
  page: first,
  browser,
  studio,
}) => {
  test.slow();
  const run = randomUUID();
  const firstQuoteText = `The first editor's quote, ${run}.`;
  const firstTagline = `The first editor's tagline, ${run}`;
  const secondQuoteText = `The second editor's quote, ${run}.`;

  await welcomeNewStaff(first, studio);
  await openSiteEditor(first);
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await welcomeNewStaff(second, studio);
  await openSiteEditor(second);

  await quoteField(first).fill(firstQuoteText);
  await taglineField(first).fill(firstTagline);
  await saveDraft(first);

  // The second editor still has the draft as it was before the first one saved.
  await quoteField(second).fill(secondQuoteText);
  await second.getByRole('button', { name: 'Save draft', exact: true }).click();
  const title = 'Someone else saved the draft meanwhile';
  await expect(second.getByRole('heading', { name: title })).toBeFocused();
  const conflict = second.getByRole('region', { name: title });
  await expect(conflict.getByRole('group')).toHaveCount(2);

  const quoteChoice = conflict.getByRole('group', { name: 'Testimonials › Testimonial 1 › Quote' });
  await expect(quoteChoice.getByText(firstQuoteText)).toBeVisible();
  await expect(quoteChoice.getByText(secondQuoteText)).toBeVisible();
  await expect(quoteChoice.getByRole('radio', { name: 'Keep mine' })).toBeChecked();
  // Only the first editor changed the tagline: theirs is offered, and kept.
  const taglineChoice = conflict.getByRole('group', { name: 'Hero › Tagline' });
  await expect(taglineChoice.getByText(firstTagline)).toBeVisible();
  await expect(taglineChoice.getByRole('radio', { name: 'Take theirs' })).toBeChecked();

  // Changing one's mind once, then keeping one's own quote.
  await quoteChoice.getByRole('radio', { name: 'Take theirs' }).check();
  await quoteChoice.getByRole('radio', { name: 'Keep mine' }).check();
  await conflict.getByRole('button', { name: 'Save with these choices' }).click();
  await expect(second.getByText('Draft saved with your choices.')).toBeVisible();
  await expect(conflict).toHaveCount(0);

  for (const editor of [second, first]) {
    await editor.reload();
    await expect(quoteField(editor)).toHaveValue(secondQuoteText);
    await expect(taglineField(editor)).toHaveValue(firstTagline);
  }
  await secondContext.close();
});
