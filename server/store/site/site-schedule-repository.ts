import type { SiteContent } from '../../../common/site-content';
import { insertAudit } from '../auth/audit-repository';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';
import {
  parseStoredContent,
  publishWithin,
  type Editor,
  type Publisher,
  type SiteRevision,
} from './publish-document';
import type { SiteScheduleState } from './site-schedule-schema';

export type SiteSchedule = {
  id: string;
  at: Date;
  revision: string;
  /** Who scheduled it: the publish is recorded as theirs. */
  by: string;
  state: SiteScheduleState;
  createdAt: Date;
  /** When it was published, failed or was cancelled. */
  settledAt: Date | null;
  /** Who cancelled it. */
  settledBy: string | null;
  /** Why it failed. */
  reason: string | null;
};

/** The draft a schedule publishes, as it was when it was scheduled. */
export type ScheduledDocument = { content: SiteContent; revision: string; by: string };

export type ScheduleOutcome =
  | { kind: 'scheduled'; schedule: SiteSchedule }
  /** The draft is no longer at the revision named. */
  | { kind: 'conflict' };

export type CancelOutcome =
  { kind: 'cancelled' } | { kind: 'not-found' } | { kind: 'settled'; state: SiteScheduleState };

export type SiteScheduleRepository = {
  /** Schedules the draft at `expectedRevision`, a copy of it, to be published at `at`. */
  scheduleDraft(
    schedule: { id: string; at: Date; expectedRevision: string },
    editor: Editor & { by: string },
  ): Promise<ScheduleOutcome>;
  /** The schedules, latest time first. */
  listSchedules(limit: number): Promise<SiteSchedule[]>;
  /** Cancels a pending schedule; one already published, failed or cancelled stays as it is. */
  cancelSchedule(id: string, editor: Editor): Promise<CancelOutcome>;
  /** The ids of pending schedules due at `now`, earliest first. */
  listDueSchedules(now: Date): Promise<string[]>;
  /** A pending schedule's document, to check before publishing it; null once it is not pending. */
  readPendingSchedule(id: string): Promise<ScheduledDocument | null>;
  /**
   * Publishes a due schedule, in one transaction with marking it published and auditing the
   * publish (`site.publish`, by whoever scheduled it): of several instances trying at once,
   * exactly one gets the entry; the others get null. No publish is ever left unaudited.
   */
  publishSchedule(
    id: string,
    publisher: Omit<Publisher, 'by'>,
  ): Promise<{ entry: SiteRevision; by: string } | null>;
  /** Marks a pending schedule failed with the reason; false when it was no longer pending. */
  failSchedule(id: string, reason: string, now: Date): Promise<boolean>;
};

const SCHEDULE_COLUMNS = [
  'id',
  'at',
  'revision',
  'created_by',
  'state',
  'created_at',
  'settled_at',
  'settled_by',
  'reason',
] as const;

type ScheduleRow = {
  id: string;
  at: Date | string;
  revision: string;
  created_by: string;
  state: SiteScheduleState;
  created_at: Date | string;
  settled_at: Date | string | null;
  settled_by: string | null;
  reason: string | null;
};

const toSchedule = (row: ScheduleRow): SiteSchedule => ({
  id: row.id,
  at: toDate(row.at),
  revision: row.revision,
  by: row.created_by,
  state: row.state,
  createdAt: toDate(row.created_at),
  settledAt: row.settled_at === null ? null : toDate(row.settled_at),
  settledBy: row.settled_by,
  reason: row.reason,
});

export function createSiteScheduleRepository({
  db,
  dialect,
  guard,
}: StoreContext): SiteScheduleRepository {
  return {
    scheduleDraft: ({ id, at, expectedRevision }, { by, now }) =>
      guard('schedule a publish', () =>
        db.transaction().execute(async (trx): Promise<ScheduleOutcome> => {
          const draft = await trx
            .selectFrom('site_documents')
            .select(['content', 'revision', 'restored_from'])
            .where('kind', '=', 'draft')
            .where('revision', '=', expectedRevision)
            .executeTakeFirst();
          if (draft === undefined) return { kind: 'conflict' };
          const row = {
            id,
            at: at.toISOString(),
            revision: draft.revision,
            content: draft.content,
            restored_from: draft.restored_from,
            created_at: now.toISOString(),
            created_by: by,
            state: 'pending' as const,
          };
          await trx.insertInto('site_schedules').values(row).execute();
          const schedule = toSchedule({ ...row, settled_at: null, settled_by: null, reason: null });
          return { kind: 'scheduled', schedule };
        }),
      ),

    listSchedules: (limit) =>
      guard('read the scheduled publishes', async () => {
        const rows = await db
          .selectFrom('site_schedules')
          .select(SCHEDULE_COLUMNS)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map(toSchedule);
      }),

    cancelSchedule: (id, { by, now }) =>
      guard('cancel a scheduled publish', async (): Promise<CancelOutcome> => {
        const cancelled = await db
          .updateTable('site_schedules')
          .set({ state: 'cancelled', settled_at: now.toISOString(), settled_by: by })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (cancelled.numUpdatedRows > 0n) return { kind: 'cancelled' };
        const row = await db
          .selectFrom('site_schedules')
          .select('state')
          .where('id', '=', id)
          .executeTakeFirst();
        return row === undefined ? { kind: 'not-found' } : { kind: 'settled', state: row.state };
      }),

    listDueSchedules: (now) =>
      guard('find the due publishes', async () => {
        const rows = await db
          .selectFrom('site_schedules')
          .select('id')
          .where('state', '=', 'pending')
          .where('at', '<=', now.toISOString())
          .orderBy('at')
          .execute();
        return rows.map((row) => row.id);
      }),

    readPendingSchedule: (id) =>
      guard('read a scheduled publish', async () => {
        const row = await db
          .selectFrom('site_schedules')
          .select(['content', 'revision', 'created_by'])
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        return row === undefined
          ? null
          : {
              content: parseStoredContent(row.content),
              revision: row.revision,
              by: row.created_by,
            };
      }),

    publishSchedule: (id, publisher) =>
      guard('publish a scheduled version', () =>
        db.transaction().execute(async (trx) => {
          const now = publisher.now.toISOString();
          // The claim: a conditional update, so a rival's waits for this commit and then
          // finds the schedule no longer pending. A crash before commit leaves it pending.
          const claimed = await trx
            .updateTable('site_schedules')
            .set({ state: 'published', settled_at: now })
            .where('id', '=', id)
            .where('state', '=', 'pending')
            .where('at', '<=', now)
            .executeTakeFirst();
          if (claimed.numUpdatedRows === 0n) return null;
          const row = await trx
            .selectFrom('site_schedules')
            .select(['content', 'revision', 'restored_from', 'created_by'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          const document = {
            content: parseStoredContent(row.content),
            revision: row.revision,
            restoredFrom: row.restored_from,
          };
          const entry = await publishWithin(trx, dialect, document, {
            ...publisher,
            by: row.created_by,
          });
          await insertAudit(trx, {
            at: publisher.now,
            event: 'site.publish',
            email: row.created_by,
            ip: null,
            detail: `scheduled: ${entry.summary}`,
          });
          return { entry, by: row.created_by };
        }),
      ),

    failSchedule: (id, reason, now) =>
      guard('record a failed publish', async () => {
        const failed = await db
          .updateTable('site_schedules')
          .set({ state: 'failed', settled_at: now.toISOString(), reason })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        return failed.numUpdatedRows > 0n;
      }),
  };
}
