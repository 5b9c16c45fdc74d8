import { sql, type Transaction } from 'kysely';
import { ADDRESS_LOCK_SPACE } from '../db/advisory-locks';
import type { Database, SqlDialect } from '../db/schema';

/**
 * Files a just-inserted enquiry under the open lead its address already has, if any, and
 * returns the lead it now belongs to (itself when none). On PostgreSQL a transaction lock per
 * address makes two instances saving the same person's enquiries take turns, so the second
 * sees the first as the open lead; SQLite has one writer. The lock is taken after the insert,
 * whose write lock SQLite needs first (no read-then-write upgrade).
 */
export async function joinOpenLead(
  trx: Transaction<Database>,
  dialect: SqlDialect,
  enquiry: { id: string; addressKey: string },
): Promise<string> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}, hashtext(${enquiry.addressKey}))`.execute(
      trx,
    );
  }
  const open = await trx
    .selectFrom('enquiries')
    .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
    .select('enquiries.id')
    .where('enquiries.address_key', '=', enquiry.addressKey)
    .where('enquiries.id', '<>', enquiry.id)
    .where('enquiries.lead_id', 'is', null)
    .where('enquiries.inbox_status', '<>', 'spam')
    .where((eb) =>
      eb.or([eb('leads.stage', 'is', null), eb('leads.stage', 'not in', ['won', 'lost'])]),
    )
    .orderBy('enquiries.created_at', 'desc')
    .orderBy('enquiries.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (open === undefined) return enquiry.id;
  await trx
    .updateTable('enquiries')
    .set({ lead_id: open.id })
    .where('id', '=', enquiry.id)
    .execute();
  // The person wrote again: their lead is unread, back in the inbox if it was filed away.
  await trx
    .updateTable('enquiries')
    .set({ inbox_status: 'new' })
    .where('id', '=', open.id)
    .where('inbox_status', '<>', 'new')
    .execute();
  return open.id;
}
