import type { Transaction } from 'kysely';
import type { LeadStage } from '../../../common/leads';
import type { Database } from '../db/schema';

export type LeadFields = { stage: LeadStage; owner: string | null; followUpOn: string | null };

/** A change to a lead's own fields; what is left out stays as it is. */
export type LeadChange = Partial<LeadFields>;

/** Gives the enquiry its lead row (with the defaults) unless it has one; within `trx`. */
export async function ensureLeadRow(trx: Transaction<Database>, enquiryId: string): Promise<void> {
  await trx
    .insertInto('leads')
    .values({ enquiry_id: enquiryId, stage: 'new' })
    .onConflict((conflict) => conflict.column('enquiry_id').doNothing())
    .execute();
}

/** Whether the enquiry exists; if so, it has its lead row from here on, within `trx`. */
export async function ensureLeadOfEnquiry(
  trx: Transaction<Database>,
  enquiryId: string,
): Promise<boolean> {
  const enquiry = await trx
    .selectFrom('enquiries')
    .select('id')
    .where('id', '=', enquiryId)
    .executeTakeFirst();
  if (enquiry === undefined) return false;
  await ensureLeadRow(trx, enquiryId);
  return true;
}

/** The lead's fields, the row locked for the rest of `trx` on PostgreSQL. */
export async function readLeadFields(
  trx: Transaction<Database>,
  enquiryId: string,
  isPostgres: boolean,
): Promise<LeadFields | null> {
  const row = await trx
    .selectFrom('leads')
    .select(['stage', 'owner', 'follow_up_on'])
    .where('enquiry_id', '=', enquiryId)
    .$if(isPostgres, (query) => query.forUpdate())
    .executeTakeFirst();
  return row === undefined
    ? null
    : { stage: row.stage, owner: row.owner, followUpOn: row.follow_up_on };
}

/**
 * Applies `change` to the enquiry's lead; null when there is no such enquiry. Answers the
 * fields before and after, so the caller audits only what really changed.
 */
export async function changeLeadFields(
  trx: Transaction<Database>,
  enquiryId: string,
  change: LeadChange,
  context: { now: Date; isPostgres: boolean },
): Promise<{ before: LeadFields; after: LeadFields } | null> {
  if (!(await ensureLeadOfEnquiry(trx, enquiryId))) return null;
  const before = await readLeadFields(trx, enquiryId, context.isPostgres);
  if (before === null) return null;
  const after: LeadFields = { ...before, ...change };
  await trx
    .updateTable('leads')
    .set({
      stage: after.stage,
      owner: after.owner,
      follow_up_on: after.followUpOn,
      ...(after.stage === before.stage ? {} : { stage_changed_at: context.now.toISOString() }),
    })
    .where('enquiry_id', '=', enquiryId)
    .execute();
  return { before, after };
}
