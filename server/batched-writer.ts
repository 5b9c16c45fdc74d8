export type BatchedWriter = {
  write: (line: string) => void;
  /** Writes what is pending now; main.ts calls it on exit so no line is lost. */
  flush: () => void;
};

/** Past this many pending characters the batch is written at once, to bound the memory held. */
const MAX_PENDING = 64 * 1024;

/**
 * Collects the lines written in one turn of the event loop and hands them to `write` together.
 * Under load a stream write per access log line costs about as much as answering a cached file;
 * one write per turn covers every request answered in it.
 */
export function createBatchedWriter(write: (chunk: string) => void): BatchedWriter {
  let pending = '';
  const flush = (): void => {
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    write(chunk);
  };
  return {
    write: (line) => {
      if (pending === '') setImmediate(flush);
      pending += line;
      if (pending.length > MAX_PENDING) flush();
    },
    flush,
  };
}

export type BatchedRecords<T> = {
  /** Whether `count` more items fit in the backlog now. */
  hasRoomFor: (count: number) => boolean;
  /** Queues an item for the next turn's batch; false (and dropped) when the backlog is full. */
  add: (item: T) => boolean;
  /** Writes what is pending now; resolves once every batch so far is written. */
  flush: () => Promise<void>;
};

/**
 * The same per-turn batching for records that go to the store: what arrives in one turn of the
 * event loop is written together on the next, one batch at a time and in order, so a slow
 * database holds the next batch, never a request. Past `maxPending` waiting items new ones are
 * refused, to bound the memory held while the database is away. `record` must not throw:
 * it owns what a failed write costs (a metric, a log line).
 */
export function createBatchedRecords<T>(options: {
  record: (batch: T[]) => Promise<void>;
  maxPending: number;
}): BatchedRecords<T> {
  let pending: T[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (pending.length > 0) {
      const batch = pending;
      pending = [];
      writing = writing.then(() => options.record(batch));
    }
    return writing;
  };
  const hasRoomFor = (count: number): boolean => pending.length + count <= options.maxPending;
  return {
    hasRoomFor,
    add(item) {
      if (!hasRoomFor(1)) return false;
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push(item);
      return true;
    },
    flush,
  };
}
