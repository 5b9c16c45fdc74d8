import { sql, type Selectable, type Transaction } from 'kysely';
import type { LeadStage } from '../../../common/leads';
import { createDaySalt, utcDay } from '../../audience/visitor-hash';
import type { RollupEntry, ViewRow } from '../../audience/summarize-views';
import { holdTransactionLock, tryTransactionLock } from '../db/advisory-locks';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';
import type { EnquiryAttributionTable } from './audience-schema';
import {
  readTraffic,
  rolledUpDays,
  summarizeRawVitals,
  type Traffic,
  type VitalRow,
} from './traffic-reads';
import { summarizeRawViews } from './view-summaries';

/**
 * A view ready to be written: hashed, classified, its address and user agent gone. `visits`:
 * how many visits it begins when it has no visitor (audience-schema.ts).
 */
export type NewView = Omit<ViewRow, 'at'> & {
  day: string;
  at: Date;
  revision: string | null;
  visits: number;
};

export type NewVital = {
  day: string;
  device: string;
  revision: string | null;
  metric: string;
  value: number;
};

/** What an enquiry is told about the visit it came from. */
export type StoredAttribution = {
  source: string;
  medium: string | null;
  campaign: string | null;
  landingPath: string;
  revision: string | null;
  visitedAt: Date;
};

/** The value of won leads from one source and campaign, in one currency's minor units. */
export type WonValueSum = {
  source: string;
  medium: string | null;
  campaign: string | null;
  currency: string;
  minor: number;
};

export type EnquiryArrival = {
  receivedAt: Date;
  /** Who enquired: their address key (the enquiry's own id on rows older than the key). */
  person: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  stage: LeadStage;
};

/** A day's summary as the roll-up job writes it. */
export type DayRollup = {
  views: RollupEntry[];
  /** device, revision, metric and the histogram as JSON. */
  vitals: { device: string; revision: string; metric: string; histogram: string }[];
};

export type AudienceRepository = {
  /**
   * The salt of `day`, created by the first instance to ask (every other one reads the same);
   * null once `day` has ended by `now`, read after any purge in progress: a day that has ended
   * never gets a salt again (decision 0060).
   */
  readDaySalt(day: string, now: () => Date): Promise<string | null>;
  /**
   * Deletes the salts of the days before `now`'s, so no visitor hash of theirs can be computed
   * again; returns how many went. Every instance may run it: whoever comes second deletes none.
   */
  purgeDaySalts(now: () => Date): Promise<number>;
  /** Writes a batch of views and of bot views per day, in one transaction. */
  recordViews(views: readonly NewView[], filtered: ReadonlyMap<string, number>): Promise<void>;
  recordVitals(samples: readonly NewVital[]): Promise<void>;
  /** The visitor's views of the day, oldest first. */
  listVisitorViews(
    day: string,
    visitor: string,
  ): Promise<(ViewRow & { revision: string | null })[]>;
  saveAttribution(enquiryId: string, attribution: StoredAttribution): Promise<void>;
  /** Keeps the visit a newsletter subscriber came from; once, at its confirmation. */
  saveSubscriberAttribution(subscriberId: string, attribution: StoredAttribution): Promise<void>;
  readAttribution(enquiryId: string): Promise<StoredAttribution | null>;
  /** The attributions of those enquiries that have one, by enquiry id (for an export's page). */
  readAttributions(enquiryIds: readonly string[]): Promise<Map<string, StoredAttribution>>;
  /**
   * The roll-up entries of each day between `from` and `to` not rolled up yet, counted from its
   * raw views by the database (view-summaries.ts): at most a thousand rows a day and dimension.
   */
  summarizeRawViews(from: string, to: string): Promise<(RollupEntry & { day: string })[]>;
  /**
   * The raw samples of days not rolled up yet, between `from` and `to`, counted by the
   * database per device, revision, metric and value: samples are kept as their histogram's
   * bucket (vitals-intake.ts), so the rows read stay a few hundred however many were taken.
   */
  summarizeRawVitals(from: string, to: string): Promise<(VitalRow & { samples: number })[]>;
  /**
   * Everything counted of the range's visits, read at one moment: each day from its roll-ups
   * or its raw rows, never both, even as a roll-up commits between two of the reads.
   */
  readTraffic(from: string, to: string): Promise<Traffic>;
  /** Days before `before` with raw rows and no roll-up yet. */
  listDaysToRollUp(before: string): Promise<string[]>;
  /**
   * Writes the day's roll-ups once: false when another instance holds the roll-up lock or
   * the day was rolled up already.
   */
  saveRollup(day: string, rollup: DayRollup, now: Date): Promise<boolean>;
  /** Deletes raw rows of rolled-up days before `before`; returns how many went. */
  purgeRawBefore(before: string): Promise<number>;
  /**
   * Enquiries (not spam) received in the range, with the source they were attributed to and
   * the stage their lead is at now.
   */
  listEnquiryArrivals(from: Date, to: Date): Promise<EnquiryArrival[]>;
  /**
   * What the won leads among the enquiries received in the range (not spam, attributed) are
   * worth, summed by the database per source, campaign and currency.
   */
  sumWonValues(from: Date, to: Date): Promise<WonValueSum[]>;
  /** Newsletter addresses confirmed in the range. */
  countConfirmedSubscribers(from: Date, to: Date): Promise<number>;
  /** The visits that addresses confirmed in the range came from (attributed ones only). */
  listSubscriberSources(
    from: Date,
    to: Date,
  ): Promise<{ source: string; medium: string | null; campaign: string | null }[]>;
};

/** The columns of a view that the attribution reads. */
const VIEW_COLUMNS = [
  'at',
  'visitor',
  'path',
  'source',
  'medium',
  'campaign',
  'device',
  'revision',
  'views',
] as const;

/** An attribution as both attribution tables keep it. */
function attributionColumns(attribution: StoredAttribution) {
  return {
    source: attribution.source,
    medium: attribution.medium,
    campaign: attribution.campaign,
    landing_path: attribution.landingPath,
    revision: attribution.revision,
    visited_at: attribution.visitedAt.toISOString(),
  };
}

/** An attribution row as the store hands it out. */
function toStoredAttribution(row: Selectable<EnquiryAttributionTable>): StoredAttribution {
  return {
    source: row.source,
    medium: row.medium,
    campaign: row.campaign,
    landingPath: row.landing_path,
    revision: row.revision,
    visitedAt: toDate(row.visited_at),
  };
}

function toViewRow(
  row: Omit<ViewRow, 'at'> & { at: Date | string; revision: string | null },
): ViewRow & { revision: string | null } {
  return { ...row, at: toDate(row.at) };
}

/** The raw tables: read until their day is rolled up, deleted some time after. */
const RAW_TABLES = ['audience_views', 'audience_vitals'] as const;

export function createAudienceRepository(context: StoreContext): AudienceRepository {
  const { db, dialect, guard } = context;
  /**
   * Salts are created and purged one at a time (across instances on PostgreSQL; SQLite's one
   * connection runs one transaction at a time), each reading the clock only once its turn has
   * come: a salt created just before midnight is seen by the purge after it, and a read after
   * the purge knows its day has ended.
   */
  const inSaltTurn = <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await holdTransactionLock(trx, 'daySalts');
      return work(trx);
    });
  return {
    readDaySalt: (day, now) =>
      guard('read the day salt', () =>
        inSaltTurn(async (trx) => {
          if (day < utcDay(now().getTime())) return null;
          // Two instances may race here: the primary key lets one insert win and both read it.
          await trx
            .insertInto('audience_salts')
            .values({ day, salt: createDaySalt() })
            .onConflict((conflict) => conflict.column('day').doNothing())
            .execute();
          const row = await trx
            .selectFrom('audience_salts')
            .select('salt')
            .where('day', '=', day)
            .executeTakeFirstOrThrow();
          return row.salt;
        }),
      ),

    purgeDaySalts: (now) =>
      guard('purge the day salts', async () => {
        const deleted = await inSaltTurn(async (trx) => {
          const result = await trx
            .deleteFrom('audience_salts')
            .where('day', '<', utcDay(now().getTime()))
            .executeTakeFirst();
          return Number(result.numDeletedRows);
        });
        // The table is rewritten, so its file keeps no dead tuple of a salt (decision 0060).
        if (deleted > 0 && dialect === 'postgres') {
          await sql`vacuum full audience_salts`.execute(db);
        }
        return deleted;
      }),

    recordViews: (views, filtered) =>
      guard('record views', async () => {
        if (views.length === 0 && filtered.size === 0) return;
        await db.transaction().execute(async (trx) => {
          if (views.length > 0) {
            await trx
              .insertInto('audience_views')
              .values(views.map((view) => ({ ...view, at: view.at.toISOString() })))
              .execute();
          }
          for (const [day, count] of filtered) {
            await trx
              .insertInto('audience_filtered')
              .values({ day, views: count })
              .onConflict((conflict) =>
                conflict
                  .column('day')
                  .doUpdateSet({ views: sql`audience_filtered.views + ${count}` }),
              )
              .execute();
          }
        });
      }),

    recordVitals: (samples) =>
      guard('record web vitals', async () => {
        if (samples.length === 0) return;
        await db
          .insertInto('audience_vitals')
          .values([...samples])
          .execute();
      }),

    listVisitorViews: (day, visitor) =>
      guard('find a visit', async () => {
        const rows = await db
          .selectFrom('audience_views')
          .select(VIEW_COLUMNS)
          .where('day', '=', day)
          .where('visitor', '=', visitor)
          .orderBy('at')
          .orderBy('id')
          .execute();
        return rows.map(toViewRow);
      }),

    saveAttribution: (enquiryId, attribution) =>
      guard('attribute an enquiry', async () => {
        await db
          .insertInto('enquiry_attributions')
          .values({ enquiry_id: enquiryId, ...attributionColumns(attribution) })
          .onConflict((conflict) => conflict.column('enquiry_id').doNothing())
          .execute();
      }),

    saveSubscriberAttribution: (subscriberId, attribution) =>
      guard('attribute a subscriber', async () => {
        await db
          .insertInto('subscriber_attributions')
          .values({ subscriber_id: subscriberId, ...attributionColumns(attribution) })
          .onConflict((conflict) => conflict.column('subscriber_id').doNothing())
          .execute();
      }),

    readAttribution: (enquiryId) =>
      guard('read an attribution', async () => {
        const row = await db
          .selectFrom('enquiry_attributions')
          .selectAll()
          .where('enquiry_id', '=', enquiryId)
          .executeTakeFirst();
        return row === undefined ? null : toStoredAttribution(row);
      }),

    readAttributions: (enquiryIds) =>
      guard('read attributions', async () => {
        if (enquiryIds.length === 0) return new Map();
        const rows = await db
          .selectFrom('enquiry_attributions')
          .selectAll()
          .where('enquiry_id', 'in', enquiryIds)
          .execute();
        return new Map(rows.map((row) => [row.enquiry_id, toStoredAttribution(row)]));
      }),

    summarizeRawViews: (from, to) =>
      guard('summarize views', () => summarizeRawViews(db, from, to)),

    summarizeRawVitals: (from, to) =>
      guard('summarize web vitals', () => summarizeRawVitals(db, from, to)),

    readTraffic: (from, to) => guard('read traffic', () => readTraffic(db, from, to)),

    listDaysToRollUp: (before) =>
      guard('list days to roll up', async () => {
        const rows = await sql<{ day: string }>`
          select day from audience_views where day < ${before}
          union select day from audience_vitals where day < ${before}
          except select day from audience_rollup_days
          order by day`.execute(db);
        return rows.rows.map((row) => row.day);
      }),

    saveRollup: (day, rollup, now) =>
      guard('roll up a day', () =>
        db.transaction().execute(async (trx) => {
          if (dialect === 'postgres' && !(await tryTransactionLock(trx, 'audienceRollup'))) {
            return false;
          }
          const marked = await trx
            .insertInto('audience_rollup_days')
            .values({ day, rolled_at: now.toISOString() })
            .onConflict((conflict) => conflict.column('day').doNothing())
            .executeTakeFirst();
          if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return false;
          for (let start = 0; start < rollup.views.length; start += 500) {
            await trx
              .insertInto('audience_rollups')
              .values(rollup.views.slice(start, start + 500).map((entry) => ({ day, ...entry })))
              .execute();
          }
          if (rollup.vitals.length > 0) {
            await trx
              .insertInto('audience_vital_rollups')
              .values(rollup.vitals.map((entry) => ({ day, ...entry })))
              .execute();
          }
          return true;
        }),
      ),

    purgeRawBefore: (before) =>
      guard('purge raw audience rows', async () => {
        let deleted = 0;
        for (const table of RAW_TABLES) {
          const result = await db
            .deleteFrom(table)
            .where('day', '<', before)
            .where('day', 'in', rolledUpDays(db))
            .executeTakeFirst();
          deleted += Number(result.numDeletedRows);
        }
        return deleted;
      }),

    listEnquiryArrivals: (from, to) =>
      guard('list enquiry arrivals', async () => {
        const rows = await db
          .selectFrom('enquiries')
          .leftJoin('enquiry_attributions', 'enquiry_attributions.enquiry_id', 'enquiries.id')
          // No lead row yet: the enquiry is still `new`.
          .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
          .select([
            'enquiries.id',
            'enquiries.address_key',
            'enquiries.created_at',
            'enquiry_attributions.source',
            'enquiry_attributions.medium',
            'enquiry_attributions.campaign',
            'leads.stage',
          ])
          // One person is one conversion: an enquiry that joined their open lead is not another.
          .where('enquiries.lead_id', 'is', null)
          .where('enquiries.inbox_status', '<>', 'spam')
          .where('enquiries.created_at', '>=', from.toISOString())
          .where('enquiries.created_at', '<', to.toISOString())
          .execute();
        return rows.map((row) => ({
          receivedAt: toDate(row.created_at),
          person: row.address_key ?? row.id,
          source: row.source,
          medium: row.medium,
          campaign: row.campaign,
          stage: row.stage ?? 'new',
        }));
      }),

    sumWonValues: (from, to) =>
      guard('sum won values', async () => {
        const rows = await db
          .selectFrom('enquiries')
          .innerJoin('enquiry_attributions', 'enquiry_attributions.enquiry_id', 'enquiries.id')
          .innerJoin('leads', 'leads.enquiry_id', 'enquiries.id')
          .select((eb) => [
            'enquiry_attributions.source',
            'enquiry_attributions.medium',
            'enquiry_attributions.campaign',
            'leads.value_currency',
            eb.fn.sum<number | string>('leads.value_amount').as('minor'),
          ])
          .where('leads.stage', '=', 'won')
          .where('leads.value_amount', 'is not', null)
          .where('enquiries.lead_id', 'is', null)
          .where('enquiries.inbox_status', '<>', 'spam')
          .where('enquiries.created_at', '>=', from.toISOString())
          .where('enquiries.created_at', '<', to.toISOString())
          .groupBy([
            'enquiry_attributions.source',
            'enquiry_attributions.medium',
            'enquiry_attributions.campaign',
            'leads.value_currency',
          ])
          .execute();
        return rows.flatMap(({ source, medium, campaign, value_currency: currency, minor }) =>
          currency === null ? [] : [{ source, medium, campaign, currency, minor: Number(minor) }],
        );
      }),

    countConfirmedSubscribers: (from, to) =>
      guard('count confirmed subscribers', async () => {
        const row = await db
          .selectFrom('subscribers')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('confirmed_at', '>=', from.toISOString())
          .where('confirmed_at', '<', to.toISOString())
          .executeTakeFirst();
        return Number(row?.count ?? 0);
      }),

    listSubscriberSources: (from, to) =>
      guard('list subscriber sources', () =>
        db
          .selectFrom('subscribers')
          .innerJoin(
            'subscriber_attributions',
            'subscriber_attributions.subscriber_id',
            'subscribers.id',
          )
          .select([
            'subscriber_attributions.source',
            'subscriber_attributions.medium',
            'subscriber_attributions.campaign',
          ])
          .where('subscribers.confirmed_at', '>=', from.toISOString())
          .where('subscribers.confirmed_at', '<', to.toISOString())
          .execute(),
      ),
  };
}
