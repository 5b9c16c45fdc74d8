import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Root } from './root';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The prerendered page has no #root element.');

// A transition lets React hydrate in small slices, so the main thread never blocks for long.
startTransition(() => {
  hydrateRoot(
    container,
    <StrictMode>
      <Root path={window.location.pathname} />
    </StrictMode>,
  );
});
