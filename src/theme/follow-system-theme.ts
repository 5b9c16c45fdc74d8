import { applyTheme, readStoredTheme, THEME_SETTINGS } from './theme-startup';

/**
 * Keeps the page in step with the device's colour scheme while the stored choice is System,
 * without React: the theme control that also does so may never hydrate on this page view.
 */
export function followSystemTheme(): void {
  window.matchMedia(THEME_SETTINGS.darkQuery).addEventListener('change', () => {
    if (readStoredTheme(THEME_SETTINGS) === 'system') applyTheme(THEME_SETTINGS, 'system');
  });
}
