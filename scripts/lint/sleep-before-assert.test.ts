import { describe, expect, it } from 'vitest';
import { findSleepsBeforeAsserts, findSleepsBeforeAssertsIn } from './sleep-before-assert';

const linesOf = (source: string): number[] =>
  findSleepsBeforeAsserts('example.test.ts', source).map((found) => found.line);

describe('a sleep followed by an assertion', () => {
  it('is found in each of its spellings', () => {
    const source = [
      "it('waits for the machine', async () => {",
      '  await new Promise((resolve) => setTimeout(resolve, 300));',
      '  expect(await read()).toEqual([1]);',
      '  await sleep(100);',
      '  await expect(page.getByText("Saved")).toBeVisible();',
      '  await page.waitForTimeout(200);',
      '  expect(await count()).toBe(2);',
      '  await setTimeout(50);',
      '  assert.equal(await count(), 2);',
      '});',
    ].join('\n');
    expect(linesOf(source)).toEqual([2, 4, 6, 8]);
  });

  it('is let be when a comment just above it says it keeps a window', () => {
    const source = [
      '// A window: nothing may be sent after the worker stopped, and no event says so.',
      'await sleep(300);',
      'expect(sent).toHaveLength(0);',
    ].join('\n');
    expect(linesOf(source)).toEqual([]);
  });

  it('is not a wait for a condition, nor a sleep inside a polling loop', () => {
    const source = [
      'await expect.poll(read).toEqual([1]);',
      'while (received.length < 3 && Date.now() < deadline) await sleep(200);',
      'expect(received).toHaveLength(3);',
      'await sleep(100);',
      'const rows = await read();',
    ].join('\n');
    expect(linesOf(source)).toEqual([]);
  });

  it('is nowhere in the project’s tests', () => {
    expect(findSleepsBeforeAssertsIn(process.cwd())).toEqual([]);
  });
});
