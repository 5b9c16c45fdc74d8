import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../test-setup';
import { THEME_CONTROL_STARTUP_SCRIPT } from './theme-control-startup';
import { applyTheme, THEME_SETTINGS, type ThemePreference } from './theme-startup';

function themeButtons(): HTMLButtonElement[] {
  document.body.innerHTML = ['light', 'dark', 'system']
    .map((option) => `<button data-theme-option="${option}" aria-pressed="false"></button>`)
    .join('');
  return [...document.querySelectorAll('button')];
}

const pressed = (buttons: HTMLButtonElement[]) =>
  buttons
    .filter((button) => button.getAttribute('aria-pressed') === 'true')
    .map((b) => b.dataset.themeOption);

describe('the header theme control before it hydrates', () => {
  it.each<ThemePreference>(['light', 'dark', 'system'])(
    'presses %s when the <head> script has applied it, and only that',
    (preference) => {
      stubMatchMedia(() => true);
      const buttons = themeButtons();
      applyTheme(THEME_SETTINGS, preference);
      // The page runs it as an inline script; the same text is run here.
      runInThisContext(THEME_CONTROL_STARTUP_SCRIPT);
      expect(pressed(buttons)).toEqual([preference]);
    },
  );
});
