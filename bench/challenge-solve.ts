import { chromium } from '@playwright/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CHALLENGE_ENDPOINT } from '../common/challenge';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium';
import { IS_QUICK } from './settings';
import { summarize, type Spread } from './stats';

export type ChallengeResult = {
  /** Milliseconds from posting the challenge to the worker until its solution came back. */
  solveMs: Spread;
  cpuSlowdown: number;
};

/** Lighthouse's mobile preset slows the CPU 4×. */
const CPU_SLOWDOWN = 4;
const SOLVES = IS_QUICK ? 5 : 30;

function workerScript(clientDir: string): string {
  const name = readdirSync(path.join(clientDir, 'assets')).find((file) =>
    /^solve-worker-[\w-]+\.js$/.test(file),
  );
  if (name === undefined) throw new Error('The build has no solve-worker chunk.');
  return `/assets/${name}`;
}

/**
 * Solves fresh challenges from the running server with the build's own worker, in Chromium
 * slowed like Lighthouse's phone (CDP Emulation.setCPUThrottlingRate), one at a time, as a
 * visitor's browser does while they type.
 */
export async function measureChallengeSolve(
  origin: string,
  clientDir: string,
): Promise<ChallengeResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/privacy`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const runs: number[] = [];
    for (let index = 0; index < SOLVES; index += 1) {
      runs.push(
        await page.evaluate(
          async ({ endpoint, script }) => {
            const challenge: unknown = await (await fetch(endpoint, { cache: 'no-store' })).json();
            const worker = new Worker(script, { type: 'module' });
            const startedAt = performance.now();
            const solution = await new Promise<unknown>((resolve, reject) => {
              worker.onmessage = (event) => resolve(event.data);
              worker.onerror = () => reject(new Error('the worker failed'));
              worker.postMessage(challenge);
            });
            const elapsed = performance.now() - startedAt;
            worker.terminate();
            if (typeof solution !== 'string') throw new Error('no solution');
            return elapsed;
          },
          { endpoint: CHALLENGE_ENDPOINT, script: workerScript(clientDir) },
        ),
      );
    }
    return { solveMs: summarize(runs), cpuSlowdown: CPU_SLOWDOWN };
  } finally {
    await browser.close();
  }
}
