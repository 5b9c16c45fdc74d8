import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { THEME_CONTROL_STARTUP_SCRIPT } from '../theme/theme-control-startup';
import { applyTheme, readStoredTheme, THEME_SETTINGS } from '../theme/theme-startup';
import { followSystemThemeByDefault } from '../theme/theme-store';
import { FirstScreenProvider, firstScreenOf, type FirstScreenData } from './api/first-screen';
import { StudioApp } from './app';
import { ServerLocationContext, serverLocationOf } from './routing/location-store';

// The studio follows the device's theme unless told otherwise (entry.tsx): its theme control
// is drawn with that default pressed, as the browser's first render reads it.
followSystemThemeByDefault();

/**
 * Draws a signed-in person's first screen of the studio (the inbox as it opens, or a lead's
 * page) from the API's answers to its first requests, for the app to hydrate (decision 0100).
 * `pathAndSearch` is the page's address, e.g. `/studio?view=lead&id=…`.
 */
export function renderStudioFirstScreen(pathAndSearch: string, data: FirstScreenData): string {
  return renderToString(
    <StrictMode>
      <ServerLocationContext value={serverLocationOf(pathAndSearch)}>
        <FirstScreenProvider value={firstScreenOf(data)}>
          <StudioApp welcomeToken={null} />
        </FirstScreenProvider>
      </ServerLocationContext>
    </StrictMode>,
  );
}

const STUDIO_THEME_SETTINGS = {
  ...THEME_SETTINGS,
  preferences: ['system', 'light', 'dark'],
};

/**
 * The inline <head> script of a server-drawn studio page: it applies the stored theme before
 * the first paint, which on the app's own page waits for the app's script instead. Built from
 * the functions the theme store runs, as the landing page's is (scripts/theme-startup-plugin.ts).
 */
export const STUDIO_THEME_STARTUP_SCRIPT = `(function(s){(${applyTheme.toString()})(s,(${readStoredTheme.toString()})(s))})(${JSON.stringify(STUDIO_THEME_SETTINGS)})`;

/** The inline script after the drawn screen that presses the applied theme's button. */
export const STUDIO_THEME_CONTROL_SCRIPT = THEME_CONTROL_STARTUP_SCRIPT;
