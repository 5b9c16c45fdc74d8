import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the whole page and run its effects. React tags every element
 * it has claimed with a `__reactFiber$…` property; the footer is the last element it reaches.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const last = document.querySelector('#root > :last-child');
    return last !== null && Object.keys(last).some((key) => key.startsWith('__reactFiber$'));
  });
  // Passive effects (observers, listeners) run after the commit, before the next frames.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
}
