/**
 * A map of at most `capacity` keys, each forgotten `maxAgeMs` after it was last set. Past the
 * capacity the key set longest ago goes first: memory is bounded, and a key still in use (a
 * flood, say) outlives every quieter one instead of everyone being forgotten at once.
 */
export type RecentMap<Value> = {
  get(key: string): Value | undefined;
  set(key: string, value: Value): void;
  readonly size: number;
};

export function createRecentMap<Value>(options: {
  capacity: number;
  maxAgeMs: number;
  now: () => number;
}): RecentMap<Value> {
  const { capacity, maxAgeMs, now } = options;
  // A key set is moved to the end, so the Map's order is by last set: the stalest come first.
  const entries = new Map<string, { setAt: number; value: Value }>();

  const dropStale = (at: number): void => {
    for (const [key, entry] of entries) {
      if (entries.size < capacity && entry.setAt + maxAgeMs > at) return;
      entries.delete(key);
    }
  };

  return {
    get(key) {
      const entry = entries.get(key);
      return entry === undefined || entry.setAt + maxAgeMs <= now() ? undefined : entry.value;
    },
    set(key, value) {
      const at = now();
      entries.delete(key);
      dropStale(at);
      entries.set(key, { setAt: at, value });
    },
    get size() {
      return entries.size;
    },
  };
}
