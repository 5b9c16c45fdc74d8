import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { IS_QUICK } from './settings';
import { summarize, type Spread } from './stats';

export type FirstTapResult = {
  /** Milliseconds from the pointer down on the menu button to the frame with the open menu. */
  delayMs: Spread;
  cpuSlowdown: number;
};

/** Lighthouse's mobile preset slows the CPU 4×. */
const CPU_SLOWDOWN = 4;
const TAPS = IS_QUICK ? 1 : 5;

/**
 * Loads `/` on a phone-sized screen, lets it settle without touching it (the header's plain
 * controls wired, no React fetched), slows the CPU 4×, and taps the menu button once: the time from the pointer down
 * to the first frame that shows the menu open. A fresh page for each tap.
 */
export async function measureFirstTap(origin: string): Promise<FirstTapResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const delays: number[] = [];
  try {
    for (let tap = 0; tap < TAPS; tap += 1) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
      await page
        .locator('[data-island="site-header"][data-island-state="live"]')
        .waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const toggle = page.getByRole('button', { name: 'Menu' });
      const opened = toggle.evaluate(
        (button) =>
          new Promise<number>((resolve) => {
            let downAt = 0;
            button.addEventListener('pointerdown', () => (downAt = performance.now()), {
              capture: true,
              once: true,
            });
            new MutationObserver(() => {
              if (button.getAttribute('aria-expanded') !== 'true') return;
              requestAnimationFrame(() => resolve(performance.now() - downAt));
            }).observe(button, { attributes: true });
          }),
      );
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await toggle.tap();
      delays.push(await opened);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { delayMs: summarize(delays), cpuSlowdown: CPU_SLOWDOWN };
}
