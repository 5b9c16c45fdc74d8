import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Root } from './root';

/** Renders a route to HTML at build time; the client hydrates the same tree. */
export function render(path: string): string {
  return renderToString(
    <StrictMode>
      <Root path={path} />
    </StrictMode>,
  );
}
