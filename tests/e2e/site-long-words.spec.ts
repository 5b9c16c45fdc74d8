import type { Page } from '@playwright/test';
import { studioSiteApi } from './support/studio-site-api';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

/** A word with no break in it, as long as the 186 characters, and a pasted link. */
const LONG_WORD = 'Ember'.repeat(38).slice(0, 186);
const PASTED_LINK = `https://example.com/${'a-very-long-path-segment'.repeat(5)}?utm_source=x`;
/** The longest a label may be (SITE_TEXT_LIMITS.label). */
const LABEL_WORD = LONG_WORD.slice(0, 60);

/** Fields that are not prose a visitor reads: ids, links, choices, the email, images. */
const NOT_PROSE = new Set([
  'id',
  'href',
  'phoneHref',
  'category',
  'network',
  'email',
  'suffix',
  'image',
]);

/** Every prose string of the document, `fill`ed; everything else as it was. */
function fillProse(value: unknown, fill: (path: string) => string, path = ''): unknown {
  if (typeof value === 'string') return fill(path);
  if (Array.isArray(value))
    return value.map((item, index) => fillProse(item, fill, `${path}.${index}`));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      NOT_PROSE.has(key) ? inner : fillProse(inner, fill, path === '' ? key : `${path}.${key}`),
    ]),
  );
}

async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.document, `the page at ${width} px`).toBeLessThanOrEqual(width);
  expect(widths.body, `the body at ${width} px`).toBeLessThanOrEqual(width);
}

test('a pasted link and a 186-character word in every section never widen the page', async ({
  page,
  browser,
  studio,
}) => {
  await welcomeNewStaff(page, studio);
  const api = studioSiteApi(page, studio);
  const original = await api.readDraft();

  // Every prose field gets the long word and a link; a field whose limit is shorter gets the
  // longest word it takes (a line 160 characters, a label 60, the headline's mark 8).
  const candidates = [
    `${LONG_WORD} ${PASTED_LINK}`,
    LONG_WORD.slice(0, 160),
    LABEL_WORD,
    LONG_WORD.slice(0, 8),
  ];
  const chosen = new Map<string, number>();
  let answer = { status: 0, body: {} as Record<string, unknown> };
  for (let attempt = 0; attempt < candidates.length; attempt += 1) {
    const content = fillProse(original.content, (path) => candidates[chosen.get(path) ?? 0] ?? '');
    answer = await api.saveDraft(content, original.revision);
    if (answer.status !== 422) break;
    for (const path of Object.keys(answer.body.fieldErrors as Record<string, string>)) {
      chosen.set(path, (chosen.get(path) ?? 0) + 1);
    }
  }
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await api.publish(String(answer.body.revision));

  const visitor = await (await browser.newContext()).newPage();
  try {
    for (const width of [320, 390, 1440]) {
      await visitor.setViewportSize({ width, height: 844 });
      await visitor.goto(`${studio.origin}/`);
      await expect(visitor.getByText(LONG_WORD).first()).toBeAttached();
      await expectNoSidewaysScroll(visitor, width);

      const menu = visitor.getByRole('button', { name: 'Menu' });
      if (width < 768) {
        const box = await menu.boundingBox();
        expect(box, 'the menu button is laid out').not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
        await menu.click();
        await expectNoSidewaysScroll(visitor, width);
        await menu.click();
      }

      // The initials stay in a circle when a long role wraps below the name.
      for (const avatar of await visitor
        .locator('#testimonials figcaption > span[aria-hidden]')
        .all()) {
        const box = await avatar.boundingBox();
        expect(box?.width).toBeCloseTo(box?.height ?? 0, 0);
      }
    }
  } finally {
    await visitor.context().close();
    // The next journey on this server finds the page as it was.
    const current = await api.readDraft();
    const back = await api.saveDraft(original.content, current.revision);
    await api.publish(String(back.body.revision));
  }
});
