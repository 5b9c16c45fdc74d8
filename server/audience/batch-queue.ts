/**
 * How long what the audience takes in waits before it is written. Written once per event-loop
 * turn, a busy `/` spent a store transaction on every ten or so views and half its time on
 * counting; four writes a second cost nothing a visitor can measure (decision 0048).
 */
export const AUDIENCE_WRITE_DELAY_MS = 250;

/** A batch this big is written at once rather than after the delay, to bound the memory held. */
const WRITE_AT_ONCE = 5_000;

/**
 * Items handled per turn of the event loop. A quarter second of a busy `/` is thousands of
 * views, and one insert of them all held the event loop for 70 ms (the page's p99); handled in
 * slices with a turn between them, requests are answered in between.
 */
export const AUDIENCE_WRITE_SLICE = 250;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `each` on AUDIENCE_WRITE_SLICE items at a time, each slice on a later event-loop turn. */
export async function inSlices<T>(
  items: readonly T[],
  each: (slice: T[]) => Promise<void> | void,
): Promise<void> {
  for (let start = 0; start < items.length; start += AUDIENCE_WRITE_SLICE) {
    await nextTurn();
    await each(items.slice(start, start + AUDIENCE_WRITE_SLICE));
  }
}

export type BatchQueue<T> = {
  /** Queues the items, or returns false and keeps none of them when the backlog is full. */
  add: (items: readonly T[]) => boolean;
  /** Hands what is queued now to `write` and resolves once every batch so far is written. */
  flush: () => Promise<void>;
};

/**
 * Items written together, off the request path: a few moments after the first one arrives,
 * one batch at a time and in order, so a slow store holds the next batch and never a request.
 * `write` gets the whole batch, to make the most of it (views repeated within it are one row),
 * and handles it in slices (inSlices). Items queued or being written count against
 * `maxBacklog`; past it new ones are refused, so a store that stops answering costs a bounded
 * amount of memory.
 */
export function createBatchQueue<T>(options: {
  /** Writes one batch; it must not throw (it reports its own failure). */
  write: (batch: T[]) => Promise<void>;
  maxBacklog: number;
}): BatchQueue<T> {
  let pending: T[] = [];
  let inWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;

  const flush = (): Promise<void> => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending.length === 0) return writing;
    const batch = pending;
    pending = [];
    inWrite += batch.length;
    writing = writing.then(async () => {
      await options.write(batch);
      inWrite -= batch.length;
    });
    return writing;
  };

  return {
    add(items) {
      if (pending.length + inWrite + items.length > options.maxBacklog) return false;
      pending.push(...items);
      if (pending.length >= WRITE_AT_ONCE) void flush();
      else if (timer === null) {
        // Unreferenced: a queue waiting to write never keeps the process alive; shutdown flushes.
        timer = setTimeout(() => void flush(), AUDIENCE_WRITE_DELAY_MS).unref();
      }
      return true;
    },
    flush,
  };
}
