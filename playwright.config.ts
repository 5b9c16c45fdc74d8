import { availableParallelism } from 'node:os';
import type { Project } from '@playwright/test';
import { defineConfig } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  isChromiumInstalled,
  MISSING_CHROMIUM_MESSAGE,
} from './tests/e2e/support/chromium';
import { E2E_ORIGIN } from './tests/e2e/support/server-origin';

const isCI = Boolean(process.env.CI);
/** Where `npm test` asks for the counts and times it reports at the end (scripts/test/). */
const jsonReport = process.env.PLAYWRIGHT_JSON_REPORT;
const hasChromium = isChromiumInstalled();

if (!hasChromium) {
  if (isCI) throw new Error(MISSING_CHROMIUM_MESSAGE);
  // The config is read by the runner and by every worker; only the runner shouts.
  if (process.env.TEST_WORKER_INDEX === undefined) console.warn(MISSING_CHROMIUM_MESSAGE);
}

const BUILD_CHECKS = /html-validity\.spec\.ts$/;
/** Journeys whose behaviour depends on the viewport also run on a phone. */
const SIZE_DEPENDENT = /(navigation|accessibility|no-javascript|target-size)\.spec\.ts$/;

const browserProjects: Project[] = [
  {
    name: 'desktop',
    testIgnore: BUILD_CHECKS,
    use: { viewport: { width: 1440, height: 900 } },
  },
  {
    name: 'phone',
    testMatch: SIZE_DEPENDENT,
    use: {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    },
  },
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: /\.spec\.ts$/,
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: isCI,
  // A worker (a browser and the server it drives) a core: `npm test` gives them half.
  workers: availableParallelism(),
  retries: isCI ? 1 : 0,
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : 'list',
  // Deadlines are a last resort, far above the time a journey takes (four times Playwright's
  // defaults; a journey marked slow gets three times this), so that only a fault and never a
  // slow or busy machine fails one.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: E2E_ORIGIN,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'block',
    // Recording a trace (screenshots and DOM snapshots of every step) cost a quarter of the
    // journeys' CPU when every test recorded one. A failure's retry records it instead, where
    // CI retries; here, `npx playwright test --trace on` records one at will.
    trace: 'on-first-retry',
  },
  projects: [{ name: 'build', testMatch: BUILD_CHECKS }, ...(hasChromium ? browserProjects : [])],
});
