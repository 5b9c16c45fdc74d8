/**
 * Values kept while their sizes add up to at most `maxBytes`; the least recently read goes
 * first. A value larger than the whole budget is never kept.
 */
export function createBoundedCache<V>(maxBytes: number, sizeOf: (value: V) => number) {
  // A Map iterates in insertion order: re-inserting on every read keeps the oldest first.
  const entries = new Map<string, V>();
  let bytes = 0;
  return {
    get(key: string): V | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: string, value: V): void {
      const size = sizeOf(value);
      if (size > maxBytes || entries.has(key)) return;
      for (const [oldest, old] of entries) {
        if (bytes + size <= maxBytes) break;
        entries.delete(oldest);
        bytes -= sizeOf(old);
      }
      entries.set(key, value);
      bytes += size;
    },
    bytes: () => bytes,
  };
}
