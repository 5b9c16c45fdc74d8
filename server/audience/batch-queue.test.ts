import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIENCE_WRITE_DELAY_MS,
  AUDIENCE_WRITE_SLICE,
  createBatchQueue,
  inSlices,
} from './batch-queue';

/** Lets a batch handed over to `write` start being written. */
async function writeStarted(): Promise<void> {
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('the audience batch queue', () => {
  // Only the delay is faked: the turn of the event loop between slices is a real one.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes what arrives within the delay as one batch, once the delay has passed', async () => {
    const batches: number[][] = [];
    const queue = createBatchQueue<number>({
      write: (batch) => {
        batches.push(batch);
        return Promise.resolve();
      },
      maxBacklog: 100,
    });
    queue.add([1]);
    queue.add([2, 3]);
    await vi.advanceTimersByTimeAsync(AUDIENCE_WRITE_DELAY_MS - 1);
    expect(batches).toEqual([]);
    queue.add([4]);
    await vi.advanceTimersByTimeAsync(1);
    await queue.flush();
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('writes 5,000 waiting at once, without waiting for the delay', async () => {
    const sizes: number[] = [];
    const queue = createBatchQueue<number>({
      write: (batch) => {
        sizes.push(batch.length);
        return Promise.resolve();
      },
      maxBacklog: 20_000,
    });
    for (let item = 0; item < 5_000; item += 1) queue.add([item]);
    await writeStarted();
    expect(sizes).toEqual([5_000]);
    queue.add([5_000]);
    await queue.flush();
    expect(sizes).toEqual([5_000, 1]);
  });

  it('hands a batch over in slices, with a turn of the event loop for requests between them', async () => {
    const events: string[] = [];
    const items = Array.from({ length: AUDIENCE_WRITE_SLICE * 2 + 1 }, (_, item) => item);
    const handled = inSlices(items, (slice) => {
      events.push(`slice of ${slice.length}`);
      // What a request would do: it runs before the next slice does.
      setImmediate(() => events.push('request'));
    });
    await handled;
    expect(events).toEqual([
      `slice of ${AUDIENCE_WRITE_SLICE}`,
      'request',
      `slice of ${AUDIENCE_WRITE_SLICE}`,
      'request',
      'slice of 1',
    ]);
  });

  it('refuses what would pass the backlog, counting batches still being written', async () => {
    let finishWrite: () => void = () => undefined;
    const written: number[][] = [];
    const queue = createBatchQueue<number>({
      write: (batch) =>
        new Promise((resolve) => {
          finishWrite = () => {
            written.push(batch);
            resolve();
          };
        }),
      maxBacklog: 3,
    });
    expect(queue.add([1, 2])).toBe(true);
    const flushed = queue.flush();
    await writeStarted();
    // Two are being written: one more fits, two more do not, and none of a refused pair is kept.
    expect(queue.add([3, 4])).toBe(false);
    expect(queue.add([3])).toBe(true);
    finishWrite();
    await flushed;
    expect(queue.add([4])).toBe(true);
    const rest = queue.flush();
    await writeStarted();
    finishWrite();
    await rest;
    expect(written).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('flush resolves once every batch handed over so far is written, in order', async () => {
    const order: string[] = [];
    const queue = createBatchQueue<string>({
      write: async (batch) => {
        await new Promise((resolve) => setImmediate(resolve));
        order.push(...batch);
      },
      maxBacklog: 10,
    });
    queue.add(['a']);
    void queue.flush();
    queue.add(['b']);
    await queue.flush();
    expect(order).toEqual(['a', 'b']);
  });
});
