import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The server's wiring, above http/, static/, routes/, store/ and mail/, which it joins. */
const serverWiring = [
  './server/app.ts',
  './server/pipeline.ts',
  './server/start-services.ts',
  './server/main.ts',
];

/** Architectural boundaries, explained in docs/decisions/0001-layout.md. */
const boundaries = [
  {
    target: './common',
    from: ['./src', './server', './scripts', './tests'],
    message: 'common/ is shared by browser and server and imports only zod.',
  },
  { target: './src', from: ['./server'], message: 'The browser app never imports server code.' },
  { target: './server', from: ['./src'], message: 'The server never imports browser code.' },
  {
    target: './server/http',
    from: ['./server/static', ...serverWiring],
    message:
      'http/ is HTTP plumbing: it never imports static/ or the wiring above it (server/pipeline.ts joins them).',
  },
  {
    target: './server/static',
    from: ['./server/http', ...serverWiring],
    message:
      'static/ serves the build: it never imports http/ or the wiring above it (server/pipeline.ts joins them).',
  },
  {
    target: ['./server/routes', './server/store', './server/mail'],
    from: serverWiring,
    message: 'Arrows point down: routes, store and mail never import the wiring that uses them.',
  },
  {
    target: './src/components',
    from: ['./src/content', './src/sections'],
    message: 'components/ hold no copy and no section logic.',
  },
  {
    target: './src/content',
    from: ['./src/components', './src/sections', './src/pages', './src/theme'],
    message: 'content/ is data: it depends on no UI file.',
  },
  {
    target: ['./src/!(studio)/**', './src/*.{ts,tsx}'],
    from: './src/studio',
    message: 'The landing page never imports the studio inbox: every visitor would download it.',
  },
  {
    target: './src/studio',
    from: ['./src/!(studio|components|theme)/**', './src/*.{ts,tsx}'],
    message: 'The studio inbox shares only common/, src/components and src/theme with the site.',
  },
];

/**
 * The store's rooms (enquiries/, outbox/, auth/, db/ ...) sit below the files at its top that
 * compose them and open the database: an import from a room to those runs upward. Tests may,
 * as they exercise the whole store.
 */
const storeRoomBoundaries = [
  {
    target: './server/store/*/**',
    from: './server/store/*.ts',
    message:
      'A room of the store never imports the files that compose the rooms (store.ts, kysely-store.ts, open-store.ts ...).',
  },
];

const sectionNames = [
  'nav',
  'hero',
  'services',
  'portfolio',
  'about',
  'testimonials',
  'contact',
  'footer',
];
const sectionBoundaries = sectionNames.map((name) => ({
  target: `./src/sections/${name}`,
  from: './src/sections',
  except: [`./${name}`],
  message: 'A section never imports another section.',
}));

export default tseslint.config(
  { ignores: ['dist', 'data', 'bench-results', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...sectionBoundaries] }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // A pattern whose cost grows faster than its input lets one crafted request hold a core
    // (docs/decisions/0059-linear-patterns-on-outside-input.md).
    files: ['**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod(/mini)?$)[^.]', message: 'common/ imports only zod.' }] },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/studio/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['useId'],
              message:
                'Each island hydrates as its own root, so useId would not match the ids of the page rendered on the server (docs/decisions/0038-one-render-for-build-and-publish.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**', 'scripts/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['server/store/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaries, ...sectionBoundaries, ...storeRoomBoundaries] },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
