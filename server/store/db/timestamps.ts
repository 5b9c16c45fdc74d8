import type { ColumnType } from 'kysely';

/**
 * Timestamps are written as ISO-8601 UTC strings; PostgreSQL stores them as timestamptz and
 * reads them back as Date, SQLite keeps the text. Readers pass either to `new Date()`.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
export type NullableTimestamp = ColumnType<Date | string | null, string | null, string | null>;
