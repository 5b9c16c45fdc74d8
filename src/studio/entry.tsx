import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadDisplayFace } from '../theme/display-face';
import { applyTheme, THEME_SETTINGS } from '../theme/theme-startup';
import { followSystemThemeByDefault, readThemePreference } from '../theme/theme-store';
import { askEarly } from './api/early-answers';
import { FirstScreenProvider, firstScreenOf, readFirstScreenFromPage } from './api/first-screen';
import { StudioApp } from './app';
import { noteWordsTypedBeforeTheApp } from './hooks/use-words-typed-before-the-app';
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
loadScreenAhead(arrival.page);

// A signed-in inbox or lead's page may come drawn by the server, with the answers it was
// drawn from (decision 0100): the app takes over that markup instead of drawing it again.
const drawn = readFirstScreenFromPage();
if (drawn === null) askEarly(firstRequestsFor(arrival));
const app = (
  <StrictMode>
    <FirstScreenProvider value={firstScreenOf(drawn)}>
      <StudioApp welcomeToken={welcomeToken} />
    </FirstScreenProvider>
  </StrictMode>
);
if (drawn === null) createRoot(container).render(app);
else {
  // The drawn screen is already usable: taking it over waits for the next task, so that a
  // phone runs the app's code and its hydration as separate tasks. Begun in a transition, the
  // hydration is time-sliced: React yields to the browser every few milliseconds instead of
  // holding the main thread until the whole screen is taken over, and a tap meanwhile makes it
  // finish at once (0125).
  setTimeout(() => {
    noteWordsTypedBeforeTheApp(container);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
}
