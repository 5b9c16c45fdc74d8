/**
 * Keys this process has seen refused, each until its window ends: a request for one of them
 * is refused without asking the store. Safe to keep per process because it only ever refuses
 * what the shared count already refused. Capped: past `capacity` the oldest entry goes, and a
 * forgotten key is simply asked about in the store again.
 */
export type RefusedKeys = {
  /** The end of the window (ms) in which `key` was refused; null when not known refused now. */
  refusedUntil(key: string, now: number): number | null;
  remember(key: string, until: number): void;
  readonly size: number;
};

export function createRefusedKeys(capacity: number): RefusedKeys {
  const keys = new Map<string, number>();
  return {
    refusedUntil(key, now) {
      const until = keys.get(key);
      if (until === undefined) return null;
      if (until > now) return until;
      keys.delete(key);
      return null;
    },
    remember(key, until) {
      keys.delete(key);
      while (keys.size >= capacity) {
        const oldest = keys.keys().next();
        if (oldest.done === true) break;
        keys.delete(oldest.value);
      }
      keys.set(key, until);
    },
    get size() {
      return keys.size;
    },
  };
}
