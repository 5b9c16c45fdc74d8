/** "24 Nov 2026, 10:02" in the studio's time zone: how the studio and its pages write a moment. */
export function formatStudioTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}
