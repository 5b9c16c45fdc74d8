import type { Interval } from './booking-types';

/** Times a slot may not overlap, asked about slot after slot in the order of their ends. */
export type BlockedTime = {
  /** True when [start, end) meets a blocked time; `end` never decreases from one call to the next. */
  overlaps(start: number, end: number): boolean;
};

/**
 * Sorts the intervals once by start, then sweeps: each interval's end is read when the first
 * slot ending after its start arrives, and the furthest end reached so far answers every later
 * slot. Listing N slots against M intervals costs M log M + N + M, never N × M, so a month of
 * short slots against a crowded calendar stays cheap. `padAfter` (ms) lengthens each interval,
 * e.g. by the buffer kept free after a call.
 */
export function createBlockedTime(intervals: readonly Interval[], padAfter = 0): BlockedTime {
  const byStart = intervals
    .map((interval) => ({ start: interval.start.getTime(), interval }))
    .sort((a, b) => a.start - b.start);
  let next = 0;
  let reach = Number.NEGATIVE_INFINITY;
  return {
    overlaps(start, end) {
      for (let entry = byStart[next]; entry !== undefined && entry.start < end;) {
        const entryEnd = entry.interval.end.getTime();
        // An empty interval (a calendar's zero-length event) overlaps nothing.
        if (entryEnd > entry.start) reach = Math.max(reach, entryEnd + padAfter);
        next += 1;
        entry = byStart[next];
      }
      return reach > start;
    },
  };
}
