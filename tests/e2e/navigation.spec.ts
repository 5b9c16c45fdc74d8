import { expect, test } from '@playwright/test';
import type { SectionId } from './support/sections';
import { expectSectionShown } from './support/sections';
import { waitForHydration } from './support/hydration';

const NAV_LINKS: readonly { name: string; section: SectionId }[] = [
  { name: 'Services', section: 'services' },
  { name: 'Portfolio', section: 'portfolio' },
  { name: 'About', section: 'about' },
  { name: 'Contact', section: 'contact' },
];

const FOOTER_LINKS: readonly { name: string; section: SectionId }[] = [
  { name: 'Web Design', section: 'services' },
  { name: 'Branding', section: 'services' },
  { name: 'Marketing', section: 'services' },
  { name: 'Social Media', section: 'services' },
  { name: 'About Us', section: 'about' },
  { name: 'Portfolio', section: 'portfolio' },
  { name: 'Contact', section: 'contact' },
];

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
});

test.describe('top navigation on a wide screen', () => {
  test.skip(({ isMobile }) => isMobile, 'The phone menu has its own journey below.');

  for (const { name, section } of NAV_LINKS) {
    test(`"${name}" scrolls to its section, clear of the fixed header`, async ({ page }) => {
      await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
      await expectSectionShown(page, section);
    });
  }

  test('the menu toggle is not offered when the links fit', async ({ page }) => {
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });
});

test.describe('phone menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'Wide screens show the links directly.');

  test('the toggle opens the menu and Escape closes it, focus back on the toggle', async ({
    page,
  }) => {
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menuLink = page.getByRole('banner').getByRole('link', { name: 'Services', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menuLink).toBeVisible();

    await menuLink.focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  for (const { name, section } of NAV_LINKS) {
    test(`choosing "${name}" closes the menu and scrolls to its section`, async ({ page }) => {
      const toggle = page.getByRole('button', { name: 'Menu' });
      await toggle.click();
      await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expectSectionShown(page, section);
    });
  }
});

test.describe('hero and footer links', () => {
  test('"Start Your Project" goes to the contact form', async ({ page }) => {
    await page.getByRole('link', { name: 'Start Your Project' }).click();
    await expectSectionShown(page, 'contact');
    await expect(page.getByRole('form', { name: 'Start a project' })).toBeInViewport();
  });

  test('"View Our Work" goes to the portfolio', async ({ page }) => {
    await page.getByRole('link', { name: 'View Our Work' }).click();
    await expectSectionShown(page, 'portfolio');
  });

  test('"Book a call" in the hero opens the booking page', async ({ page }) => {
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    await hero.getByRole('link', { name: 'Book a call' }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book a call with the studio');
  });

  for (const { name, section } of FOOTER_LINKS) {
    test(`footer link "${name}" goes to ${section}`, async ({ page }) => {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expectSectionShown(page, section);
    });
  }
});
