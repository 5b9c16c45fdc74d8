import { expect, test } from '@playwright/test';
import type { SectionId } from './support/sections';
import { SECTION_HEADINGS, expectSectionShown, section } from './support/sections';

test.use({ javaScriptEnabled: false });

const SERVICES = [
  'Web Design & Development',
  'Graphic Design',
  'Packaging Design',
  'Social Media Management',
  'Marketing Strategy',
  'Corporate Identity',
  'Wedding Assets',
  'Tradeshow Booths',
  'PowerPoint Presentations',
  'SEO & Research',
];

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('every section can be read without JavaScript', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ember & Ink');
  await expect(
    page.getByText(
      'Igniting brands through exceptional design, strategic marketing, and creative excellence',
    ),
  ).toBeVisible();
  for (const heading of Object.values(SECTION_HEADINGS)) {
    await expect(
      page.getByRole('heading', { level: 2, name: heading, exact: true }),
    ).toBeAttached();
  }
  const services = section(page, 'services');
  for (const title of SERVICES) {
    await expect(services.getByRole('heading', { name: title, exact: true })).toBeAttached();
  }
  await expect(section(page, 'portfolio').getByRole('article')).toHaveCount(12);
  await expect(section(page, 'portfolio').getByRole('status')).toHaveText('Showing 12 projects');
  const about = section(page, 'about');
  await expect(about.getByRole('definition')).toHaveText([/500\+/, /200\+/, /25\+/]);
  await expect(about).toContainText(/national award/i);
  await expect(section(page, 'testimonials').getByRole('blockquote')).toHaveCount(3);
  const contact = section(page, 'contact');
  await expect(contact).toContainText('hello@emberandink.example');
  await expect(contact).toContainText('+1 (555) 010-0142');
  await expect(contact).toContainText('By Appointment Only');
  await expect(contact.getByRole('button', { name: 'Start Your Project' })).toBeAttached();
  await expect(page.getByRole('contentinfo')).toContainText('© 2025 Ember & Ink');
});

test('the colour theme control, which needs a script, is not offered', async ({ page }) => {
  const name = 'Colour theme';
  await expect(page.getByRole('group', { name, includeHidden: true })).toHaveCount(2);
  await expect(page.getByRole('group', { name })).toHaveCount(0);
});

const ANCHORS: readonly { name: string; section: SectionId }[] = [
  { name: 'Portfolio', section: 'portfolio' },
  { name: 'About', section: 'about' },
  { name: 'Contact', section: 'contact' },
  { name: 'Services', section: 'services' },
];

for (const { name, section: id } of ANCHORS) {
  test(`the "${name}" link still moves to its section`, async ({ page }) => {
    const link = page.getByRole('banner').getByRole('link', { name, exact: true });
    // Shown once: either the wide-screen list or the phone menu, never both.
    await expect(link).toHaveCount(1);
    await expect(link).toBeVisible();
    await link.click();
    await expectSectionShown(page, id);
  });
}

test.describe('on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'Only small screens collapse the links.');

  test('the menu links are shown, since there is no script to open a menu', async ({ page }) => {
    const header = page.getByRole('banner');
    for (const name of ['Services', 'Portfolio', 'About', 'Contact']) {
      await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
  });
});
