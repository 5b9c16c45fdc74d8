import type { Browser, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import sharp from 'sharp';

/** From the studio's navigation to the site editor, its draft loaded. */
export async function openSiteEditor(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Site' }).click();
  await expect(page).toHaveURL(/\/studio\/site$/);
  await expect(page.getByRole('group', { name: 'Hero' })).toBeVisible();
}

/** An item of one of the editor's lists, by its name and position ("Testimonial", 1). */
export function editorItem(page: Page, name: string, position: number): Locator {
  return page.getByRole('group', { name: new RegExp(`^${name} ${position}(:|$)`) });
}

/** A photo-sized PNG in one flat colour, as a person would pick from their disk. */
export async function makePng(rgb: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: rgb } })
    .png()
    .toBuffer();
}

/** The first quote of the page's testimonials, as a visitor reads it. */
export function firstQuote(page: Page): Locator {
  return page.locator('#testimonials figure').first().locator('blockquote');
}

/** A project's picture on the page, found by its image's alt text. */
export function pictureWithAlt(page: Page, alt: string): Locator {
  return page.locator('picture', { has: page.getByRole('img', { name: alt, exact: true }) });
}

/** A visitor who has never been here: a new browser context, no cookies, no cache. */
export async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}
