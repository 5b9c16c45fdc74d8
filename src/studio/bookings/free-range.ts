import { minuteOfDay } from '../../../common/booking-availability';

const DAY_END = 24 * 60;
/** A new range is this long, or as long as the free time allows. */
const PROPOSED_MINUTES = 2 * 60;
const OFFICE_HOURS: [string, string] = ['09:00', '17:00'];

const clock = (minute: number) =>
  minute === DAY_END
    ? '24:00'
    : `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/**
 * The hours "Add hours" proposes: office hours on a day off, else up to two hours after the
 * day's last range, else before its first, so the new range never overlaps one already there.
 * Null when the day is full (or a range is still being typed and cannot be read).
 */
export function proposeFreeRange(
  ranges: readonly (readonly [string, string])[],
): [string, string] | null {
  if (ranges.length === 0) return [...OFFICE_HOURS];
  if (!ranges.every(([start, end]) => TIME.test(start) && TIME.test(end))) return null;
  const starts = ranges.map(([start]) => minuteOfDay(start));
  const ends = ranges.map(([, end]) => minuteOfDay(end));
  const lastEnd = Math.max(...ends);
  if (lastEnd < DAY_END)
    return [clock(lastEnd), clock(Math.min(lastEnd + PROPOSED_MINUTES, DAY_END))];
  const firstStart = Math.min(...starts);
  if (firstStart > 0) return [clock(Math.max(firstStart - PROPOSED_MINUTES, 0)), clock(firstStart)];
  return null;
}
