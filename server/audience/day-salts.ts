import type { AudienceRepository } from '../store/audience/audience-repository';
import { utcDay } from './visitor-hash';

/** The salt of `day`, or null once that day has ended: its views can no longer be hashed. */
export type DaySalts = { read(day: string): Promise<string | null> };

/**
 * The day's salt, read from the store once per day and instance. Only the current day's is
 * held, and only while it is the current day: a view of a day that has ended is never hashed
 * (decision 0060), even with a salt still in memory.
 */
export function createDaySalts(
  audience: Pick<AudienceRepository, 'readDaySalt'>,
  now: () => number,
): DaySalts {
  let held: { day: string; salt: Promise<string | null> } | null = null;
  return {
    read(day) {
      const today = utcDay(now());
      if (held !== null && held.day < today) held = null;
      if (day < today) return Promise.resolve(null);
      if (held?.day !== day) {
        const salt = audience.readDaySalt(day, () => new Date(now()));
        held = { day, salt };
        // A failed read is not kept: the next batch asks the store again.
        salt.catch(() => {
          if (held?.salt === salt) held = null;
        });
      }
      return held.salt;
    },
  };
}
