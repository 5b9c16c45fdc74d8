import { useSyncExternalStore } from 'react';
import type { ThemePreference } from './theme-startup';
import { applyTheme, readStoredTheme, THEME_SETTINGS } from './theme-startup';

const listeners = new Set<() => void>();

export function readThemePreference(): ThemePreference {
  return readStoredTheme(THEME_SETTINGS);
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_SETTINGS.storageKey, preference);
  } catch {
    // Private modes may refuse storage; the choice still applies to this page view.
  }
  applyTheme(THEME_SETTINGS, preference);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const media = window.matchMedia(THEME_SETTINGS.darkQuery);
  const followSystem = () => {
    if (readThemePreference() === 'system') applyTheme(THEME_SETTINGS, 'system');
  };
  media.addEventListener('change', followSystem);
  return () => {
    listeners.delete(notify);
    media.removeEventListener('change', followSystem);
  };
}

/**
 * The server renders the default. In the browser the page's inline script has already pressed
 * the stored choice before hydration (src/theme/theme-control-startup.ts), so hydration reads
 * the stored choice too and matches what is on screen.
 */
function readServerSnapshot(): ThemePreference {
  return typeof window === 'undefined' ? THEME_SETTINGS.preferences[0] : readThemePreference();
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, readServerSnapshot);
}
