import { createHash } from 'node:crypto';
import type { AttemptCeiling, AttemptCounts } from '../store/limits/limit-repository';
import { createRefusedKeys } from './refused-keys';

/**
 * One count a request is held to: `name` says which limit (and is what a refusal reports),
 * `subject` whom it counts (an address, an account), `max` the attempts allowed per window.
 */
export type Budget = { name: string; subject: string; max: number };

export type Taken =
  | {
      allowed: true;
      /** Returns attempts to every budget taken from, in the same window: a success does not count. */
      giveBack(amount?: number): Promise<void>;
    }
  | {
      allowed: false;
      retryAfterSeconds: number;
      /**
       * The budgets this request was the first refusal of in the window, across all instances:
       * what is worth a line in a log, once.
       */
      firstRefusals: string[];
    };

export type AttemptLimiter = {
  /** Takes one attempt from every budget, or, when any of them is spent, from none. */
  take(budgets: readonly Budget[]): Promise<Taken>;
  /** Keys held in this process's memory; never more than its capacity. */
  readonly keysInMemory: number;
};

/** Keys remembered as refused per limiter; about 150 bytes each. */
export const REFUSED_KEYS_CAPACITY = 10_000;

type Keyed = Budget & { key: string };

/**
 * The store's key for a budget: its name, then a hash of the subject, so a row has a fixed
 * size whatever the client sent, and holds no address or email in the clear.
 */
function keyOf(budget: Budget): string {
  const hash = createHash('sha256').update(budget.subject).digest('base64url');
  return `${budget.name}:${hash}`;
}

/**
 * Fixed-window attempt counts kept in the store, so every instance counts the same attempts
 * and a restart forgets none. A single budget costs one statement (an upsert that returns the
 * count). Several budgets are read first, so a request refused by one of them adds nothing to
 * the others, then counted in one statement. Keys seen refused are kept in memory until their
 * window ends, so a flood of refused requests costs no round trip at all.
 */
export function createAttemptLimiter(options: {
  counts: AttemptCounts;
  windowMs: number;
  now: () => number;
  capacity?: number;
}): AttemptLimiter {
  const { counts, windowMs, now } = options;
  const refused = createRefusedKeys(options.capacity ?? REFUSED_KEYS_CAPACITY);

  const refuse = (
    windowEnd: number,
    overKeys: readonly string[],
    firstRefusals: string[],
  ): Taken => {
    for (const key of overKeys) refused.remember(key, windowEnd);
    const retryAfterMs = windowEnd - now();
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
      firstRefusals,
    };
  };

  return {
    async take(budgets) {
      const at = now();
      // Windows are aligned to the clock, so every instance agrees on which one it is in.
      const start = Math.floor(at / windowMs) * windowMs;
      const windowEnd = start + windowMs;
      const window = { start: new Date(start), expiresAt: new Date(windowEnd) };
      const keyed: Keyed[] = budgets.map((budget) => ({ ...budget, key: keyOf(budget) }));
      const ceilings: AttemptCeiling[] = keyed.map(({ key, max }) => ({ key, max }));
      if (keyed.some((budget) => refused.refusedUntil(budget.key, at) !== null)) {
        return refuse(windowEnd, [], []);
      }

      if (keyed.length > 1) {
        const current = await counts.readAttempts(
          keyed.map((budget) => budget.key),
          window.start,
        );
        const over = keyed.filter((budget) => (current.get(budget.key) ?? 0) >= budget.max);
        if (over.length > 0) {
          const first = await counts.markRefused(
            over.map(({ key, max }) => ({ key, max })),
            window.start,
          );
          const names = over.filter((budget) => first.includes(budget.key)).map((b) => b.name);
          return refuse(
            windowEnd,
            over.map((budget) => budget.key),
            names,
          );
        }
      }

      const counted = await counts.countAttempts(ceilings, window);
      const over = keyed.filter((budget) => (counted.get(budget.key) ?? Infinity) > budget.max);
      if (over.length === 0) {
        const keys = keyed.map((budget) => budget.key);
        return {
          allowed: true,
          giveBack: (amount = 1) => counts.giveBackAttempts(keys, window.start, amount),
        };
      }
      // Another request got there first: return what this one took from the budgets it passed.
      const passed = keyed.filter((budget) => !over.includes(budget)).map((budget) => budget.key);
      await counts.giveBackAttempts(passed, window.start, 1);
      const names = over
        .filter((budget) => counted.get(budget.key) === budget.max + 1)
        .map((budget) => budget.name);
      return refuse(
        windowEnd,
        over.map((budget) => budget.key),
        names,
      );
    },
    get keysInMemory() {
      return refused.size;
    },
  };
}
