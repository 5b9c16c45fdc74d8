import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 level AA, with the A and AA rules of the versions it builds on. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The page's WCAG 2.2 AA violations as axe finds them, one readable line per rule and node.
 * `exclude` leaves out what is not the page's own, such as a frame showing an email: a frame
 * that runs no script cannot run axe either.
 */
export async function findAxeViolations(
  page: Page,
  exclude: readonly string[] = [],
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
}
