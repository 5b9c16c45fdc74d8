import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The landing page's anchored sections and the heading each one opens with. */
export const SECTION_HEADINGS = {
  services: 'Services built around your brand',
  portfolio: 'Our portfolio',
  about: 'Small studio. Serious craft.',
  testimonials: 'What our clients say',
  contact: "Let's create something remarkable",
} as const;

export type SectionId = keyof typeof SECTION_HEADINGS;

export function sectionHeading(page: Page, id: SectionId): Locator {
  return page.getByRole('heading', { level: 2, name: SECTION_HEADINGS[id], exact: true });
}

export function section(page: Page, id: SectionId): Locator {
  return page.getByRole('region', { name: SECTION_HEADINGS[id], exact: true });
}

/** How many looks in a row, 150 ms apart, must find the page where it was. */
const STILL_LOOKS = 3;

/**
 * Smooth scrolling takes a moment, and on a busy machine a frame can come late: wait until the
 * page has stayed put for several looks in a row, not for one. Polled from the test side,
 * because pages with JavaScript disabled run no timers.
 */
export async function waitForScrollToSettle(page: Page): Promise<void> {
  let previous = Number.NaN;
  let stillLooks = 0;
  while (stillLooks < STILL_LOOKS) {
    const current = await page.evaluate(() => window.scrollY);
    stillLooks = current === previous ? stillLooks + 1 : 0;
    previous = current;
    await page.waitForTimeout(150);
  }
}

/**
 * The anchor took the visitor to the section: the URL names it and its heading is on screen,
 * below the fixed header rather than hidden under it.
 */
export async function expectSectionShown(page: Page, id: SectionId): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await waitForScrollToSettle(page);
  const heading = sectionHeading(page, id);
  await expect(heading).toBeInViewport();
  const headingBox = await heading.boundingBox();
  const headerBox = await page.getByRole('banner').boundingBox();
  expect(headingBox, `the ${id} heading has a layout box`).not.toBeNull();
  expect(headerBox, 'the fixed header has a layout box').not.toBeNull();
  if (headingBox && headerBox) {
    expect(
      headingBox.y,
      `the ${id} heading starts below the fixed header (header bottom ${headerBox.y + headerBox.height}px)`,
    ).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1);
  }
}
