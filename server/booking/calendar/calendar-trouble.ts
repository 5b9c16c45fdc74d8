/** Why the studio's calendar is not being read as it should, for /readyz; null when it is. */
export type CalendarTrouble = { since: Date; reason: string } | null;

/** What the last reads and writes of the calendar said, kept by this instance. */
export type CalendarHealth = {
  /** A read or write failed: the calendar cannot be used. */
  failed(reason: string): void;
  /** A read answered; `unreadable` names the events it could not read (their time held busy). */
  read(unreadable: readonly string[]): void;
  /** A write was confirmed. */
  wrote(): void;
  trouble(): CalendarTrouble;
};

/**
 * How long an unreadable event is still reported after the last read that saw it: a booking's
 * own read covers one slot and sees none, and must not make /readyz flap between two horizon
 * reads.
 */
const UNREADABLE_KEPT_MS = 10 * 60_000;

/**
 * Keeps what an owner needs to act on: the calendar cannot be read (and why, since when), or it
 * holds events the site cannot read, which it treats as busy. The first failure's time is kept
 * while failures go on, so /readyz says how long it has lasted.
 */
export function createCalendarHealth(now: () => Date = () => new Date()): CalendarHealth {
  let failure: { since: Date; reason: string } | null = null;
  let unreadableEvents: { since: Date; lastSeen: Date; reason: string } | null = null;
  return {
    failed(reason) {
      failure = { since: failure?.since ?? now(), reason };
    },
    read(unreadable) {
      failure = null;
      const at = now();
      if (unreadable.length > 0) {
        unreadableEvents = {
          since: unreadableEvents?.since ?? at,
          lastSeen: at,
          reason: `the studio's calendar holds ${unreadable.length} event(s) the site cannot read, treated as busy: ${unreadable.slice(0, 3).join('; ')}`,
        };
      } else if (
        unreadableEvents !== null &&
        at.getTime() - unreadableEvents.lastSeen.getTime() > UNREADABLE_KEPT_MS
      ) {
        unreadableEvents = null;
      }
    },
    wrote() {
      failure = null;
    },
    trouble() {
      if (failure !== null) {
        return {
          since: failure.since,
          reason: `the studio's calendar cannot be used: ${failure.reason}`,
        };
      }
      return unreadableEvents === null
        ? null
        : { since: unreadableEvents.since, reason: unreadableEvents.reason };
    },
  };
}
