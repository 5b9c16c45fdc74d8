export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export type ThemeSettings = {
  storageKey: string;
  /** The first is the default, used when nothing (or nothing valid) is stored. */
  preferences: readonly [ThemePreference, ...ThemePreference[]];
  darkQuery: string;
  colors: { light: string; dark: string };
};

/** Light is the default; the colours are the browser chrome's (`<meta name="theme-color">`). */
export const THEME_SETTINGS: ThemeSettings = {
  storageKey: 'theme',
  preferences: THEME_PREFERENCES,
  darkQuery: '(prefers-color-scheme: dark)',
  colors: { light: '#faf6f0', dark: '#141118' },
};

/*
 * The two functions below are the whole theme logic. The theme store calls them, and the build
 * serialises them into the inline <head> script that applies the stored theme before the first
 * paint (scripts/theme-startup-plugin.ts). So each must stay self-contained: no imports, no
 * names from outside, no nested named functions; everything comes in through `settings`.
 */

/** The stored preference; the default when none is stored or storage is blocked. */
export function readStoredTheme(settings: ThemeSettings): ThemePreference {
  try {
    const stored = window.localStorage.getItem(settings.storageKey);
    for (const preference of settings.preferences) if (preference === stored) return preference;
  } catch {
    // Private modes may refuse storage; the default applies.
  }
  return settings.preferences[0];
}

/**
 * Colours the page for `preference`, and records the preference itself on <html>, where the
 * header's inline script reads it to press its button (src/theme/theme-control-startup.ts).
 */
export function applyTheme(settings: ThemeSettings, preference: ThemePreference): void {
  const isDark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia(settings.darkQuery).matches);
  document.documentElement.classList.toggle('dark', isDark);
  document.documentElement.dataset.themePreference = preference;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', isDark ? settings.colors.dark : settings.colors.light);
}
