type Waiting<Item, Result> = {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
};

/**
 * Hands the items submitted during one turn of the event loop to `runBatch` together, so a
 * database that syncs every commit to disk syncs once for all of them. `runBatch` returns one
 * result per item, in order. Each call settles when its batch has: with its own result, or with
 * the batch's error. Nothing is acknowledged before its batch has committed.
 */
export function createGroupCommit<Item, Result>(
  runBatch: (items: Item[]) => Promise<Result[]>,
): (item: Item) => Promise<Result> {
  let waiting: Waiting<Item, Result>[] = [];

  const run = async (): Promise<void> => {
    const batch = waiting;
    waiting = [];
    try {
      const results = await runBatch(batch.map((entry) => entry.item));
      if (results.length !== batch.length) {
        throw new Error(`A batch of ${batch.length} returned ${results.length} results.`);
      }
      for (const [index, result] of results.entries()) batch[index]?.resolve(result);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  };

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void run());
      waiting.push({ item, resolve, reject });
    });
}
