/**
 * Remembers the challenges whose solutions were accepted until they expire, so one solution
 * is worth one submission. Every challenge lives equally long, so insertion order is expiry
 * order: forgetting the expired ones means dropping entries from the front.
 */
export type UsedChallenges = {
  /** True when `id` was not used before; it is then remembered until `expiresAt` (ms). */
  claim(id: string, expiresAt: number): boolean;
  readonly size: number;
};

export function createUsedChallenges(options: {
  now: () => number;
  /** Past this many live entries the oldest are forgotten: memory stays bounded under a flood. */
  maxEntries: number;
}): UsedChallenges {
  const used = new Map<string, number>();
  const forgetExpired = (now: number) => {
    for (const [id, expiresAt] of used) {
      if (expiresAt > now && used.size < options.maxEntries) break;
      used.delete(id);
    }
  };
  return {
    claim(id, expiresAt) {
      forgetExpired(options.now());
      if (used.has(id)) return false;
      used.set(id, expiresAt);
      return true;
    },
    get size() {
      return used.size;
    },
  };
}
