import { applyTheme, type ThemePreference, type ThemeSettings } from './theme-startup';

/**
 * Keeps a person's choice and applies it at once. No React here: the landing page's header
 * calls it from plain listeners (src/sections/nav/site-header-controls.ts), the studio through
 * its theme store.
 */
export function storeThemePreference(settings: ThemeSettings, preference: ThemePreference): void {
  try {
    window.localStorage.setItem(settings.storageKey, preference);
  } catch {
    // Private modes may refuse storage; the choice still applies to this page view.
  }
  applyTheme(settings, preference);
}
