import { useSyncExternalStore } from 'react';

export const THEME_STORAGE_KEY = 'theme';
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isThemePreference(value: unknown): value is ThemePreference {
  return THEME_PREFERENCES.some((preference) => preference === value);
}

/** Reads the stored preference; light when none (or storage is blocked). */
export function readThemePreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'light';
  } catch {
    return 'light';
  }
}

/** Mirrors index.html's bootstrap script, which applies the theme before first paint. */
export function applyThemePreference(preference: ThemePreference): void {
  const isDark =
    preference === 'dark' || (preference === 'system' && window.matchMedia(DARK_QUERY).matches);
  document.documentElement.classList.toggle('dark', isDark);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', isDark ? '#141118' : '#faf6f0');
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private modes may refuse storage; the choice still applies to this page view.
  }
  applyThemePreference(preference);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const media = window.matchMedia(DARK_QUERY);
  const followSystem = () => {
    if (readThemePreference() === 'system') applyThemePreference('system');
  };
  media.addEventListener('change', followSystem);
  return () => {
    listeners.delete(notify);
    media.removeEventListener('change', followSystem);
  };
}

/** The prerendered HTML shows the default; the stored choice takes over right after hydration. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, () => 'light');
}
