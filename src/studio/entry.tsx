import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadDisplayFace } from '../theme/display-face';
import { applyTheme, THEME_SETTINGS } from '../theme/theme-startup';
import { followSystemThemeByDefault, readThemePreference } from '../theme/theme-store';
import { askEarly } from './api/early-answers';
import { StudioApp } from './app';
import { takeWelcomeToken } from './lib/read-welcome-token';
import { firstRequestsFor } from './routing/first-requests';
import { moveSearchWordsOutOfAddress, readSearchWords } from './routing/location-store';
import { parseRoute } from './routing/studio-route';
import { loadScreenAhead } from './screens/lazy-screens';
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

// The first screen's code and data are asked for at once, side by side, not one after another
// as its components mount (decision 0097).
const arrival = parseRoute(
  window.location.pathname,
  window.location.search,
  readSearchWords(window.history.state),
);
askEarly(firstRequestsFor(arrival));
loadScreenAhead(arrival.page);

createRoot(container).render(
  <StrictMode>
    <StudioApp welcomeToken={welcomeToken} />
  </StrictMode>,
);
