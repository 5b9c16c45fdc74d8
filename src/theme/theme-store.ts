import { useSyncExternalStore } from 'react';
import type { ThemePreference } from './theme-startup';
import { storeThemePreference } from './theme-choice';
import { applyTheme, readStoredTheme, THEME_SETTINGS, type ThemeSettings } from './theme-startup';

const listeners = new Set<() => void>();

let settings: ThemeSettings = THEME_SETTINGS;

/**
 * The studio follows the device's scheme until the person picks one; the public page keeps its
 * light default. Called once, before the first render.
 */
export function followSystemThemeByDefault(): void {
  settings = { ...THEME_SETTINGS, preferences: ['system', 'light', 'dark'] };
}

export function readThemePreference(): ThemePreference {
  return readStoredTheme(settings);
}

export function setThemePreference(preference: ThemePreference): void {
  storeThemePreference(settings, preference);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  const media = window.matchMedia(settings.darkQuery);
  const followSystem = () => {
    if (readThemePreference() === 'system') applyTheme(settings, 'system');
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
  return typeof window === 'undefined' ? settings.preferences[0] : readThemePreference();
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, readThemePreference, readServerSnapshot);
}
