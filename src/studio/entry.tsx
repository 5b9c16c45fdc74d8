import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDisplayFace } from '../theme/display-face';
import { applyTheme, THEME_SETTINGS } from '../theme/theme-startup';
import { followSystemThemeByDefault, readThemePreference } from '../theme/theme-store';
import { StudioApp } from './app';
import { takeWelcomeToken } from './lib/read-welcome-token';
import { moveSearchWordsOutOfAddress } from './routing/location-store';
import { parseRoute } from './routing/studio-route';
import './studio.css';

// The stored theme (else the device's) applies before the first render; the module script
// blocks rendering until then.
followSystemThemeByDefault();
applyTheme(THEME_SETTINGS, readThemePreference());
loadDisplayFace();

const container = document.getElementById('root');
if (!container) throw new Error('studio.html has no #root element.');

const isWelcome = parseRoute(window.location.pathname, window.location.search).page === 'welcome';
const welcomeToken = isWelcome ? takeWelcomeToken() : null;
moveSearchWordsOutOfAddress();

createRoot(container).render(
  <StrictMode>
    <StudioApp welcomeToken={welcomeToken} />
  </StrictMode>,
);
