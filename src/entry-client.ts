import { startWebVitalsWhenIdle } from './audience/start-web-vitals';
import { startIslands } from './islands/loader';
import { ISLANDS } from './islands/registry';
import { loadDisplayFace } from './theme/display-face';
import { followSystemTheme } from './theme/follow-system-theme';
import './styles.css';

// The font first: its request is the one the visitor sees the result of.
loadDisplayFace();
// The page is complete as HTML; only its islands hydrate, each when it is needed.
startIslands(ISLANDS);
followSystemTheme();
startWebVitalsWhenIdle();
