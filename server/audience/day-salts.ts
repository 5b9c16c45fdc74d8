import type { AudienceRepository } from '../store/audience/audience-repository';

export type DaySalts = { read(day: string): Promise<string> };

/**
 * The day's salt, read from the store once per day and instance. Only the current day's is
 * held: when the day changes, yesterday's is forgotten here as the store deletes it.
 */
export function createDaySalts(audience: Pick<AudienceRepository, 'readDaySalt'>): DaySalts {
  let held: { day: string; salt: Promise<string> } | null = null;
  return {
    read(day) {
      if (held?.day !== day) {
        const salt = audience.readDaySalt(day);
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
