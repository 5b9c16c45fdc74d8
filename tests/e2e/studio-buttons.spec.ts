import type { Page } from '@playwright/test';
import { BUTTON } from '../../src/studio/components/button-classes';
import { welcomeNewStaff } from './support/studio-staff';
import { expect, test } from './support/studio-server';

type Kind = keyof typeof BUTTON;
const KINDS = Object.keys(BUTTON) as Kind[];

type Look = { color: string; background: string; borderStyle: string; contrast: number };

/**
 * Each button kind, enabled and disabled, added to a studio page so they are drawn by the
 * studio's own stylesheet.
 */
async function drawButtons(page: Page): Promise<void> {
  await page.evaluate((kinds) => {
    const panel = document.createElement('div');
    panel.id = 'button-kinds';
    panel.style.cssText =
      'display:grid;grid-template-columns:repeat(2,max-content);gap:12px;padding:16px';
    for (const [kind, className] of kinds) {
      for (const disabled of [false, true]) {
        const button = document.createElement('button');
        button.className = className;
        button.disabled = disabled;
        button.dataset.kind = `${kind}-${disabled ? 'disabled' : 'enabled'}`;
        button.textContent = kind === 'icon' ? '↑' : `${kind}${disabled ? ' (disabled)' : ''}`;
        panel.append(button);
      }
    }
    document.querySelector('main')?.prepend(panel);
  }, Object.entries(BUTTON));
}

/**
 * The button's look, its text's contrast measured on what is behind it. A disabled one is
 * measured under the pointer: hovering must not bring its kind's colours back.
 */
async function lookOf(page: Page, kind: Kind, state: 'enabled' | 'disabled'): Promise<Look> {
  const button = page.locator(`[data-kind="${kind}-${state}"]`);
  if (state === 'disabled') await button.hover({ force: true });
  else await page.mouse.move(0, 0);
  return button.evaluate((element) => {
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = (css: string) => {
      const [r = 0, g = 0, b = 0] = channels(css).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(element);
    const own = style.backgroundColor;
    const background =
      channels(own)[3] === 0 ? getComputedStyle(document.body).backgroundColor : own;
    const [light, dark] = [luminance(style.color), luminance(background)].sort((a, b) => b - a);
    return {
      color: style.color,
      background: own,
      borderStyle: style.borderTopStyle,
      contrast: (light! + 0.05) / (dark! + 0.05),
    };
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`every button kind looks disabled when it is, and reads at AA when it is not, ${theme} theme`, async ({
    page,
    studio,
  }) => {
    await page.addInitScript((stored) => localStorage.setItem('theme', stored), theme);
    await page.goto(`${studio.origin}/studio`);
    await welcomeNewStaff(page, studio);
    await drawButtons(page);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      if (process.env.SCREENSHOT_DIR !== undefined) {
        await page.locator('#button-kinds').screenshot({
          path: `${process.env.SCREENSHOT_DIR}/buttons-${theme}-${size.width}.png`,
        });
      }
    }
    for (const kind of KINDS) {
      const enabled = await lookOf(page, kind, 'enabled');
      const disabled = await lookOf(page, kind, 'disabled');
      expect(enabled.contrast, `${kind} enabled`).toBeGreaterThanOrEqual(4.5);
      expect(disabled.color, `${kind} disabled`).not.toBe(enabled.color);
      if (kind === 'quiet') continue;
      // No fill and a dashed outline, whatever the kind's own colours.
      expect(disabled.borderStyle, `${kind} disabled`).toBe('dashed');
      expect(disabled.background, `${kind} disabled`).toBe('rgba(0, 0, 0, 0)');
    }
  });
}
