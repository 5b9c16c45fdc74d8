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
