import { existsSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const candidates = [process.env.CHROME_PATH, SYSTEM_CHROMIUM].filter(
  (path): path is string => path !== undefined && path !== '',
);

/**
 * CHROME_PATH if it exists, else the system Chromium from apt. Playwright never downloads a
 * browser for this project.
 */
export const CHROMIUM_PATH = candidates.find((path) => existsSync(path)) ?? SYSTEM_CHROMIUM;

/** Flags that keep headless Chromium quiet and offline: no GPU, no QUIC, no background calls. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const MISSING_CHROMIUM_MESSAGE = [
  '',
  '='.repeat(78),
  `  BROWSER TESTS SKIPPED: no Chromium at ${candidates.join(' or ')}.`,
  '  Install it with:   apt-get install -y chromium',
  '  or point CHROME_PATH at a Chromium binary. Only the build checks ran.',
  '='.repeat(78),
  '',
].join('\n');

export function isChromiumInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}
