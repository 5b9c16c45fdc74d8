import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

describe('group commit', () => {
  it('runs the calls of one turn as one batch and answers each with its own result', async () => {
    const batches: string[][] = [];
    const save = createGroupCommit((items: string[]) => {
      batches.push(items);
      return Promise.resolve(items.map((item) => item.toUpperCase()));
    });
    const first = await Promise.all([save('a'), save('b'), save('c')]);
    const second = await save('d');
    expect(first).toEqual(['A', 'B', 'C']);
    expect(second).toBe('D');
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('answers nothing before the batch has finished', async () => {
    let finish: () => void = () => undefined;
    const save = createGroupCommit(
      (items: string[]) =>
        new Promise<string[]>((resolve) => {
          finish = () => resolve(items);
        }),
    );
    let isAnswered = false;
    const pending = save('a').then(() => (isAnswered = true));
    await nextTurn();
    await nextTurn();
    expect(isAnswered).toBe(false);
    finish();
    await pending;
    expect(isAnswered).toBe(true);
  });

  it('refuses every call of a failed batch, and the next batch runs anew', async () => {
    let shouldFail = true;
    const save = createGroupCommit((items: string[]) =>
      shouldFail ? Promise.reject(new Error('disk full')) : Promise.resolve(items),
    );
    const failed = await Promise.allSettled([save('a'), save('b')]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    shouldFail = false;
    expect(await save('c')).toBe('c');
  });

  it('refuses the batch when it does not answer every call', async () => {
    const save = createGroupCommit((items: string[]) => Promise.resolve(items.slice(1)));
    const outcomes = await Promise.allSettled([save('a'), save('b')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
  });
});
