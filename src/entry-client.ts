import { startIslands } from './islands/loader';
import { prefetchIntentIslands } from './islands/prefetch';
import { ISLANDS } from './islands/registry';
import './styles.css';

// The page is complete as HTML; only its islands hydrate, each when it is needed.
startIslands(ISLANDS);
prefetchIntentIslands();
