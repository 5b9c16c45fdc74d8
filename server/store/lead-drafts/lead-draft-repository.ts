import { sql, type Kysely } from 'kysely';
import type { LeadDraft, LeadDraftKind } from '../../../common/lead-drafts';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';

/** Who is writing on which lead: its id, or that of any enquiry that joined it. */
export type DraftOwner = { staffId: string; enquiryId: string };

/** Each person's half-written replies and notes; nobody reads another's. */
export interface LeadDraftRepository {
  /** The person's drafts on the enquiry, reply before note. */
  listDrafts(owner: DraftOwner): Promise<LeadDraft[]>;
  /** Keeps the text as the person's draft of that kind; null when the enquiry does not exist. */
  saveDraft(
    owner: DraftOwner,
    draft: { kind: LeadDraftKind; text: string; now: Date },
  ): Promise<LeadDraft | null>;
  /** Forgets the person's draft of that kind, if there is one. */
  discardDraft(owner: DraftOwner, kind: LeadDraftKind): Promise<void>;
}

/**
 * The id of the lead an enquiry belongs to (the one it joined, else its own), as a subquery: a
 * draft is the lead's, whichever of its enquiries' ids the studio opened (0117).
 */
const leadIdOf = (db: Kysely<Database>, enquiryId: string) =>
  db
    .selectFrom('enquiries')
    .select((eb) => eb.fn.coalesce('lead_id', 'id').as('lead_id'))
    .where('id', '=', enquiryId);

export function createLeadDraftRepository({
  db,
  dialect,
  guard,
}: StoreContext): LeadDraftRepository {
  return {
    listDrafts: ({ staffId, enquiryId }) =>
      guard('read the drafts', async () => {
        const rows = await db
          .selectFrom('lead_drafts')
          .select(['kind', 'text', 'saved_at'])
          .where('staff_id', '=', staffId)
          .where('enquiry_id', '=', leadIdOf(db, enquiryId))
          .orderBy('kind', 'desc')
          .execute();
        return rows.map((row) => ({
          kind: row.kind,
          text: row.text,
          savedAt: toDate(row.saved_at).toISOString(),
        }));
      }),

    saveDraft: ({ staffId, enquiryId }, { kind, text, now }) =>
      guard('save a draft', async () => {
        const savedAt = now.toISOString();
        // One statement that writes only while the enquiry exists: a draft never outlives it.
        // It is kept under the enquiry's lead.
        const at =
          dialect === 'postgres'
            ? sql<string>`cast(${savedAt} as timestamptz)`
            : sql<string>`${savedAt}`;
        const result = await db
          .insertInto('lead_drafts')
          .columns(['staff_id', 'enquiry_id', 'kind', 'text', 'saved_at'])
          .expression(
            db
              .selectFrom('enquiries')
              .select([
                sql<string>`${staffId}`.as('staff_id'),
                (eb) => eb.fn.coalesce('lead_id', 'id').as('enquiry_id'),
                sql<LeadDraftKind>`${kind}`.as('kind'),
                sql<string>`${text}`.as('text'),
                at.as('saved_at'),
              ])
              .where('id', '=', enquiryId),
          )
          .onConflict((conflict) =>
            conflict
              .columns(['staff_id', 'enquiry_id', 'kind'])
              .doUpdateSet({ text, saved_at: savedAt }),
          )
          .executeTakeFirst();
        if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
        return { kind, text, savedAt };
      }),

    discardDraft: ({ staffId, enquiryId }, kind) =>
      guard('discard a draft', async () => {
        await db
          .deleteFrom('lead_drafts')
          .where('staff_id', '=', staffId)
          .where('enquiry_id', '=', leadIdOf(db, enquiryId))
          .where('kind', '=', kind)
          .execute();
      }),
  };
}
