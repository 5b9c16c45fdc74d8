import { afterEach, describe, expect, it } from 'vitest';
import { readLimited } from './read-request-body';

const CHUNK_BYTES = 64 * 1024;
const CHUNKS = 16;

/** A body as the network delivers it: `count` chunks, each filled with its own index. */
function streamOf(count: number): { stream: ReadableStream<Uint8Array>; delivered: () => number } {
  // Made before the test counts allocations: only the reader's own are counted.
  const chunks = Array.from({ length: count }, (_, index) =>
    new Uint8Array(CHUNK_BYTES).fill(index),
  );
  return {
    stream: new ReadableStream({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
    }),
    delivered: () => count - chunks.length,
  };
}

const NativeUint8Array = globalThis.Uint8Array;

/**
 * Notes every byte array the code under test makes while it runs: its size, and how many
 * chunks the network had delivered by then.
 */
function countAllocations(delivered: () => number): { size: number; delivered: number }[] {
  const made: { size: number; delivered: number }[] = [];
  globalThis.Uint8Array = new Proxy(NativeUint8Array, {
    construct(target, args: [number]) {
      if (typeof args[0] === 'number') made.push({ size: args[0], delivered: delivered() });
      return new target(...args);
    },
  });
  return made;
}

describe('readLimited', () => {
  afterEach(() => {
    globalThis.Uint8Array = NativeUint8Array;
  });

  it('holds a body of declared length once: one buffer of that size, filled as chunks arrive', async () => {
    const total = CHUNK_BYTES * CHUNKS;
    const { stream, delivered } = streamOf(CHUNKS);
    const made = countAllocations(delivered);
    const body = await readLimited(stream, total, total);
    globalThis.Uint8Array = NativeUint8Array;

    // Made before the chunks came in, not after them to join them: never two copies at once.
    expect(made).toEqual([{ size: total, delivered: 0 }]);
    expect(body?.byteLength).toBe(total);
    expect(body?.buffer.byteLength).toBe(total);
    expect(body?.[CHUNK_BYTES * 3]).toBe(3);
    expect(body?.[total - 1]).toBe(CHUNKS - 1);
  });

  it('grows by doubling without a declared length, never holding a copy of every chunk', async () => {
    const total = CHUNK_BYTES * CHUNKS;
    const { stream, delivered } = streamOf(CHUNKS);
    const made = countAllocations(delivered);
    const body = await readLimited(stream, total);
    globalThis.Uint8Array = NativeUint8Array;

    expect(body?.byteLength).toBe(total);
    // 16 KB, then doubled up to the size: far fewer buffers than chunks, the last one the body's.
    expect(made.length).toBeLessThan(CHUNKS / 2);
    expect(made.at(-1)?.size).toBe(total);
  });

  it('stops reading once the body passes the limit', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(CHUNK_BYTES));
      },
    });
    expect(await readLimited(endless, CHUNK_BYTES * 2)).toBeNull();
    expect(pulled).toBeLessThanOrEqual(4);
  });
});
