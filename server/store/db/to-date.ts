/** PostgreSQL returns timestamps as Date, SQLite as the ISO text the store wrote. */
export function toDate(value: Date | string): Date {
  return new Date(value);
}
