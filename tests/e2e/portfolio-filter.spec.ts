import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration';
import { section } from './support/sections';

/** DESIGN.md: each filter button covers a group of item categories. */
const FILTERS: readonly { name: string; categories: readonly string[]; count: number }[] = [
  { name: 'Web Design', categories: ['Web Design', 'UI/UX Design', 'Mobile Design'], count: 4 },
  { name: 'Graphic Design', categories: ['Graphic Design'], count: 2 },
  { name: 'Branding', categories: ['Branding'], count: 2 },
  { name: 'Marketing', categories: ['Marketing', 'Social Media'], count: 2 },
  { name: 'Packaging', categories: ['Packaging'], count: 2 },
];

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
});

test('"All" is chosen at first and shows all 12 projects', async ({ page }) => {
  const portfolio = section(page, 'portfolio');
  const filters = portfolio.getByRole('group', { name: 'Filter projects by category' });
  await expect(filters.getByRole('button')).toHaveText([
    'All',
    'Web Design',
    'Graphic Design',
    'Branding',
    'Marketing',
    'Packaging',
  ]);
  await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(portfolio.getByRole('article')).toHaveCount(12);
  await expect(portfolio.getByRole('status')).toHaveText('Showing 12 projects');
});

for (const filter of FILTERS) {
  test(`"${filter.name}" shows its ${filter.count} projects and says so`, async ({ page }) => {
    const portfolio = section(page, 'portfolio');
    const filters = portfolio.getByRole('group', { name: 'Filter projects by category' });
    await filters.getByRole('button', { name: filter.name, exact: true }).click();

    await expect(filters.getByRole('button', { name: filter.name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(filters.locator('[aria-pressed="true"]')).toHaveCount(1);
    await expect(portfolio.getByRole('status')).toHaveText(`Showing ${filter.count} projects`);
    const items = portfolio.getByRole('article');
    await expect(items).toHaveCount(filter.count);
    for (const item of await items.all()) {
      const text = (await item.innerText()).toLowerCase();
      expect(
        filter.categories.some((category) => text.includes(category.toLowerCase())),
        `"${text.split('\n').join(' | ')}" belongs to ${filter.categories.join(', ')}`,
      ).toBe(true);
    }

    await filters.getByRole('button', { name: 'All' }).click();
    await expect(items).toHaveCount(12);
    await expect(portfolio.getByRole('status')).toHaveText('Showing 12 projects');
  });
}
