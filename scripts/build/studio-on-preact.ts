import type { Alias } from 'vite';

/**
 * The studio's code is written against React's API and runs on Preact's (decision 0109):
 * the same components, a twelfth of the bytes before the inbox can answer a tap. Every build
 * and test of the studio resolves React's modules to Preact's compatibility layer, so what is
 * tested is what ships; the public page keeps React.
 */
export const STUDIO_ON_PREACT: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];
