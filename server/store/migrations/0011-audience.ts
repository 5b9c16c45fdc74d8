import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * The audience: one row per counted view and per Web Vitals sample (kept AUDIENCE_RAW_DAYS),
 * the day's salt (deleted after its day), bots counted per day, the daily roll-ups kept after
 * the raw rows are gone, and the visit an enquiry came from. No address, no user agent.
 */
export function createAudienceTables(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audience_salts')
        .addColumn('day', 'text', (column) => column.primaryKey())
        .addColumn('salt', 'text', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('audience_views')
        .addColumn('id', serial, (column) => column.primaryKey())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('at', timestamp, (column) => column.notNull())
        .addColumn('visitor', 'text')
        .addColumn('path', 'text', (column) => column.notNull())
        .addColumn('source', 'text')
        .addColumn('medium', 'text')
        .addColumn('campaign', 'text')
        .addColumn('device', 'text', (column) => column.notNull())
        .addColumn('revision', 'text')
        .execute();
      await db.schema
        .createIndex('audience_views_day_visitor')
        .on('audience_views')
        .columns(['day', 'visitor', 'at'])
        .execute();

      await db.schema
        .createTable('audience_vitals')
        .addColumn('id', serial, (column) => column.primaryKey())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('device', 'text', (column) => column.notNull())
        .addColumn('revision', 'text')
        .addColumn('metric', 'text', (column) => column.notNull())
        .addColumn('value', 'real', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('audience_vitals_day')
        .on('audience_vitals')
        .column('day')
        .execute();

      await db.schema
        .createTable('audience_filtered')
        .addColumn('day', 'text', (column) => column.primaryKey())
        .addColumn('views', 'integer', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('audience_rollup_days')
        .addColumn('day', 'text', (column) => column.primaryKey())
        .addColumn('rolled_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('audience_rollups')
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) =>
          column.notNull().check(sql`kind in ('total', 'source', 'campaign', 'page', 'device')`),
        )
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('visitors', 'integer', (column) => column.notNull())
        .addColumn('pageviews', 'integer', (column) => column.notNull())
        .addPrimaryKeyConstraint('audience_rollups_pk', ['day', 'kind', 'key'])
        .execute();
      await db.schema
        .createTable('audience_vital_rollups')
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('device', 'text', (column) => column.notNull())
        .addColumn('revision', 'text', (column) => column.notNull())
        .addColumn('metric', 'text', (column) => column.notNull())
        .addColumn('histogram', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('audience_vital_rollups_pk', [
          'day',
          'device',
          'revision',
          'metric',
        ])
        .execute();

      await db.schema
        .createTable('enquiry_attributions')
        .addColumn('enquiry_id', 'text', (column) =>
          column.primaryKey().references('enquiries.id').onDelete('cascade'),
        )
        .addColumn('source', 'text', (column) => column.notNull())
        .addColumn('medium', 'text')
        .addColumn('campaign', 'text')
        .addColumn('landing_path', 'text', (column) => column.notNull())
        .addColumn('revision', 'text')
        .addColumn('visited_at', timestamp, (column) => column.notNull())
        .execute();
    },
  };
}
