import type { Kysely, Transaction } from 'kysely';
import type { LeadStage } from '../../../common/leads';
import type { LeadValue } from '../../../common/lead-value';
import type { Database } from '../db/schema';
import { queueOutboxJob } from '../outbox/queue-email';
import { toLeadValue, type MinorValue } from './lead-value-columns';

export type LeadFields = {
  stage: LeadStage;
  owner: string | null;
  followUpOn: string | null;
  value: LeadValue | null;
};

/** A change to a lead's own fields; what is left out stays as it is. */
export type LeadChange = Partial<Omit<LeadFields, 'value'>> & { value?: MinorValue | null };

/** Gives the enquiry its lead row (with the defaults) unless it has one; within `trx`. */
export async function ensureLeadRow(trx: Transaction<Database>, enquiryId: string): Promise<void> {
  await trx
    .insertInto('leads')
    .values({ enquiry_id: enquiryId, stage: 'new' })
    .onConflict((conflict) => conflict.column('enquiry_id').doNothing())
    .execute();
}

/**
 * The lead the enquiry belongs to: the one it joined, else its own (0087). Every write to a lead
 * goes through here, so nothing is filed under a joined enquiry's id (0117); null when there is
 * no such enquiry.
 */
export async function readLeadIdOf(
  db: Kysely<Database>,
  enquiryId: string,
): Promise<string | null> {
  const enquiry = await db
    .selectFrom('enquiries')
    .select((eb) => eb.fn.coalesce('lead_id', 'id').as('leadId'))
    .where('id', '=', enquiryId)
    .executeTakeFirst();
  return enquiry?.leadId ?? null;
}

/** The id of the enquiry's lead, which has its lead row from here on; null for no such enquiry. */
export async function ensureLeadOfEnquiry(
  trx: Transaction<Database>,
  enquiryId: string,
): Promise<string | null> {
  const leadId = await readLeadIdOf(trx, enquiryId);
  if (leadId !== null) await ensureLeadRow(trx, leadId);
  return leadId;
}

/** The lead's fields, the row locked for the rest of `trx` on PostgreSQL. */
export async function readLeadFields(
  trx: Transaction<Database>,
  enquiryId: string,
  isPostgres: boolean,
): Promise<LeadFields | null> {
  const row = await trx
    .selectFrom('leads')
    .select(['stage', 'owner', 'follow_up_on', 'value_amount', 'value_currency'])
    .where('enquiry_id', '=', enquiryId)
    .$if(isPostgres, (query) => query.forUpdate())
    .executeTakeFirst();
  return row === undefined
    ? null
    : {
        stage: row.stage,
        owner: row.owner,
        followUpOn: row.follow_up_on,
        value: toLeadValue(row.value_amount, row.value_currency),
      };
}

/**
 * Applies `change` to the enquiry's lead (the one it joined, if it did), made by `context.by`;
 * null when there is no such enquiry. Answers the fields before and after, so the caller audits only what really changed.
 * A lead given to someone else emails them (tellNewOwner).
 */
export async function changeLeadFields(
  trx: Transaction<Database>,
  enquiryId: string,
  change: LeadChange,
  context: { now: Date; isPostgres: boolean; by: string | null },
): Promise<{ before: LeadFields; after: LeadFields } | null> {
  const leadId = await ensureLeadOfEnquiry(trx, enquiryId);
  if (leadId === null) return null;
  const before = await readLeadFields(trx, leadId, context.isPostgres);
  if (before === null) return null;
  const { value, ...fields } = change;
  const after: LeadFields = {
    ...before,
    ...fields,
    ...(value === undefined ? {} : { value: value && toLeadValue(value.minor, value.currency) }),
  };
  await trx
    .updateTable('leads')
    .set({
      stage: after.stage,
      owner: after.owner,
      follow_up_on: after.followUpOn,
      ...(value === undefined
        ? {}
        : { value_amount: value?.minor ?? null, value_currency: value?.currency ?? null }),
      ...(after.stage === before.stage ? {} : { stage_changed_at: context.now.toISOString() }),
    })
    .where('enquiry_id', '=', leadId)
    .execute();
  await tellNewOwner(trx, leadId, before.owner, after.owner, context);
  return { before, after };
}

/**
 * Queues the email that tells a lead's new owner it is theirs, in the change's transaction:
 * only when the owner really changed (the row is locked, so a repeated or concurrent request
 * finds it already theirs and queues nothing), and never to the person who took it themselves.
 */
async function tellNewOwner(
  trx: Transaction<Database>,
  enquiryId: string,
  before: string | null,
  after: string | null,
  context: { now: Date; by: string | null },
): Promise<void> {
  if (after === null || after.toLowerCase() === before?.toLowerCase()) return;
  if (after.toLowerCase() === context.by?.toLowerCase()) return;
  await queueOutboxJob(
    trx,
    {
      kind: 'lead-assigned',
      recipient: after,
      payload: JSON.stringify({ enquiryId, by: context.by }),
    },
    context.now.toISOString(),
  );
}
