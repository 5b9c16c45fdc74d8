import { zoneCityOf } from '../../common/zone-city';
import type { SlotDay } from '../../common/booking-page';
import type { Interval } from './booking-types';

/**
 * "Times in London time": the city of the IANA zone, so a visitor elsewhere never reads the
 * studio's times as their own. A zone with no city is named as it is ("Times in UTC").
 */
export function zoneLabelOf(timeZone: string): string {
  return timeZone.includes('/') ? `Times in ${zoneCityOf(timeZone)} time` : `Times in ${timeZone}`;
}

/** The slots grouped by the studio's day, in order, each day labelled and each slot timed there. */
export function groupSlotsByDay(slots: readonly Interval[], timeZone: string): SlotDay[] {
  const dayLabel = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const days: SlotDay[] = [];
  for (const { start, end } of slots) {
    const label = dayLabel.format(start);
    const choice = {
      start: start.toISOString(),
      time: `${clock.format(start)}–${clock.format(end)}`,
    };
    const last = days.at(-1);
    if (last?.label === label) last.slots.push(choice);
    else days.push({ label, slots: [choice] });
  }
  return days;
}
