/** "Tuesday, 1 December 2026, 10:00–10:30 (Europe/London time)". */
export function describeCallTime(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
  const clock = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${day}, ${clock.format(start)}–${clock.format(end)} (${timeZone} time)`;
}
