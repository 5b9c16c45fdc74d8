/** The calendar day of an instant in a zone, as a string only compared, never shown. */
function dayIn(instant: Date, timeZone: string): string {
  return instant.toLocaleDateString('en-CA', { timeZone });
}

/**
 * A slot's start as the visitor's clock shows it, "14:00", with the visitor's weekday in front
 * ("Wed 01:30") when their day is not the studio's: the studio's day heads the slot, so a
 * different day must be said, never left to be assumed. Intl does the zone rules (offsets,
 * summer time), never arithmetic here.
 */
export function visitorTimeOf(start: Date, studioZone: string, visitorZone: string): string {
  const isOtherDay = dayIn(start, studioZone) !== dayIn(start, visitorZone);
  return start.toLocaleTimeString('en-GB', {
    timeZone: visitorZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(isOtherDay ? { weekday: 'short' } : {}),
  });
}
