import type { Page } from '@playwright/test';

/**
 * Waits until the island loader has run and every island it has woken so far has hydrated
 * (src/islands/loader.ts marks each one's state). Islands wake when they are needed, near the
 * viewport or at a touch, so this does not wake them: a touch that comes before an island has
 * hydrated is held and replayed, as it would be for a visitor.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.islands === 'started' &&
      document.querySelector('[data-island-state="waking"]') === null,
  );
  // Passive effects (observers, listeners) run after the commit, before the next frames.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
}
