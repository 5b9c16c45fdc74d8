import { sql, type Kysely } from 'kysely';
import type { RollupEntry } from '../../audience/summarize-views';
import { readAtOneMoment } from '../db/read-at-one-moment';
import type { Database } from '../db/schema';
import type { AudienceRollupTable } from './audience-schema';
import { summarizeRawViews } from './view-summaries';

export type VitalRow = { device: string; revision: string; metric: string; value: number };

/** The days of a range that are rolled up, and their roll-ups. */
export type Rollups = {
  days: Set<string>;
  views: Pick<AudienceRollupTable, 'day' | 'kind' | 'key' | 'visitors' | 'pageviews'>[];
  vitals: { day: string; device: string; revision: string; metric: string; histogram: string }[];
};

/** A range's visits as counted: the roll-ups, and the raw rows of the days without one. */
export type Traffic = {
  rollups: Rollups;
  rawViews: (RollupEntry & { day: string })[];
  rawVitals: (VitalRow & { samples: number })[];
  /** The views left out of the counts, by day. */
  filtered: Map<string, number>;
};

/** Every audience table keys its rows by the UTC day, `YYYY-MM-DD`, which sorts as text. */
const inDays = (from: string, to: string) => sql<boolean>`day between ${from} and ${to}`;

/** A rolled-up day is read from its roll-ups only, never again from its raw rows. */
export const rolledUpDays = (db: Kysely<Database>) =>
  db.selectFrom('audience_rollup_days').select('day');

/**
 * The raw samples of days not rolled up yet, counted by the database per device, revision,
 * metric and value: samples are kept as their histogram's bucket (vitals-intake.ts), so the
 * rows read stay a few hundred however many were taken.
 */
export async function summarizeRawVitals(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<(VitalRow & { samples: number })[]> {
  const rows = await db
    .selectFrom('audience_vitals')
    .select((eb) => [
      'device',
      'revision',
      'metric',
      'value',
      eb.fn.countAll<number | string | bigint>().as('samples'),
    ])
    .where(inDays(from, to))
    .where('day', 'not in', rolledUpDays(db))
    .groupBy(['device', 'revision', 'metric', 'value'])
    .execute();
  return rows.map((row) => ({
    device: row.device,
    revision: row.revision ?? '',
    metric: row.metric,
    value: Number(row.value),
    samples: Number(row.samples),
  }));
}

async function readRollups(db: Kysely<Database>, from: string, to: string): Promise<Rollups> {
  const days = await db
    .selectFrom('audience_rollup_days')
    .select('day')
    .where(inDays(from, to))
    .execute();
  const views = await db
    .selectFrom('audience_rollups')
    .select(['day', 'kind', 'key', 'visitors', 'pageviews'])
    .where(inDays(from, to))
    .execute();
  const vitals = await db
    .selectFrom('audience_vital_rollups')
    .selectAll()
    .where(inDays(from, to))
    .execute();
  return {
    days: new Set(days.map((row) => row.day)),
    views: views.map((row) => ({
      ...row,
      visitors: Number(row.visitors),
      pageviews: Number(row.pageviews),
    })),
    vitals,
  };
}

async function readFiltered(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('audience_filtered')
    .selectAll()
    .where(inDays(from, to))
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.views)]));
}

/**
 * The range's traffic on one snapshot: a roll-up committing between two of the reads would
 * otherwise have its day counted twice, from its raw rows and from its roll-up.
 */
export function readTraffic(db: Kysely<Database>, from: string, to: string): Promise<Traffic> {
  return readAtOneMoment(db, async (db) => ({
    rawViews: await summarizeRawViews(db, from, to),
    rawVitals: await summarizeRawVitals(db, from, to),
    rollups: await readRollups(db, from, to),
    filtered: await readFiltered(db, from, to),
  }));
}
