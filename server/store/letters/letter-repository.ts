import { randomUUID } from 'node:crypto';
import type { Letter, LetterState } from '../../../common/letters';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';
import { createLetterDelivery } from './letter-delivery';
import { countDeliverable, countsOf, readCounts, snapshotRecipients } from './letter-copies';
import type { LetterTable } from './letter-schema';
import { slugCandidate, slugFromSubject } from './letter-slug';
import type { LetterControl, LetterDrafts, LetterRepository } from './letter-types';

type LetterRow = Omit<LetterTable, 'send_at' | 'sent_at' | 'created_at' | 'updated_at'> & {
  send_at: Date | string | null;
  sent_at: Date | string | null;
};

const LETTER_COLUMNS = [
  'id',
  'slug',
  'subject',
  'preview',
  'body',
  'state',
  'send_at',
  'sent_at',
  'created_by',
] as const;

/** The states each control moves a letter from, and to. */
const CONTROLS: Record<LetterControl, { from: readonly LetterState[]; to: LetterState }> = {
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['scheduled', 'sending', 'paused'], to: 'cancelled' },
};

function toLetter(row: LetterRow, counts: Letter['counts']): Letter {
  return {
    id: row.id,
    slug: row.slug,
    subject: row.subject,
    preview: row.preview,
    body: row.body,
    state: row.state,
    sendAt: row.send_at === null ? null : toDate(row.send_at).toISOString(),
    sentAt: row.sent_at === null ? null : toDate(row.sent_at).toISOString(),
    counts,
  };
}

export function createLetterRepository(context: StoreContext): LetterRepository {
  const { db, guard } = context;

  async function read(id: string): Promise<Letter | null> {
    const row = await db
      .selectFrom('letters')
      .select(LETTER_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return null;
    return toLetter(row, countsOf(await readCounts(db, [id]), id));
  }

  async function stateOf(id: string): Promise<LetterState | null> {
    const row = await db
      .selectFrom('letters')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.state ?? null;
  }

  /** Why a conditional write changed nothing: the letter is gone, or in another state. */
  async function refusal(id: string) {
    const state = await stateOf(id);
    return state === null
      ? { kind: 'not-found' as const }
      : { kind: 'not-allowed' as const, state };
  }

  const drafts: LetterDrafts = {
    createDraft: (draft, createdBy, now) =>
      guard('save a letter', async () => {
        const base = slugFromSubject(draft.subject);
        const at = now.toISOString();
        const id = randomUUID();
        const content = { subject: draft.subject, preview: draft.preview ?? '', body: draft.body };
        for (let attempt = 1; ; attempt += 1) {
          const slug = slugCandidate(base, attempt);
          const inserted = await db
            .insertInto('letters')
            .values({
              id,
              slug,
              ...content,
              state: 'draft',
              created_by: createdBy,
              created_at: at,
              updated_at: at,
            })
            .onConflict((conflict) => conflict.column('slug').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1)
            return { id, slug, ...content };
        }
      }),

    readLetter: (id) => guard('read a letter', () => read(id)),

    listLetters: () =>
      guard('list the letters', async () => {
        const rows = await db
          .selectFrom('letters')
          .select(LETTER_COLUMNS)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const counts = await readCounts(
          db,
          rows.filter((row) => row.state !== 'draft').map((row) => row.id),
        );
        return rows.map((row) => {
          const {
            id,
            slug,
            subject,
            state,
            sendAt,
            sentAt,
            counts: letterCounts,
          } = toLetter(row, countsOf(counts, row.id));
          return { id, slug, subject, state, sendAt, sentAt, counts: letterCounts };
        });
      }),

    updateDraft: (id, draft, now) =>
      guard('save a letter', async () => {
        const updated = await db
          .updateTable('letters')
          .set({
            subject: draft.subject,
            preview: draft.preview ?? '',
            body: draft.body,
            updated_at: now.toISOString(),
          })
          .where('id', '=', id)
          .where('state', '=', 'draft')
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return refusal(id);
        const letter = await read(id);
        return letter === null ? { kind: 'not-found' } : { kind: 'done', value: letter };
      }),

    deleteDraft: (id) =>
      guard('delete a letter', async () => {
        const deleted = await db
          .deleteFrom('letters')
          .where('id', '=', id)
          .where('state', '=', 'draft')
          .executeTakeFirst();
        return deleted.numDeletedRows === 0n ? refusal(id) : { kind: 'done', value: null };
      }),

    startSending: (id, at, now) =>
      guard('start sending a letter', async () => {
        if (at !== null) {
          const scheduled = await db
            .updateTable('letters')
            .set({ state: 'scheduled', send_at: at.toISOString(), updated_at: now.toISOString() })
            .where('id', '=', id)
            .where('state', '=', 'draft')
            .executeTakeFirst();
          if (scheduled.numUpdatedRows === 0n) return refusal(id);
          const recipients = await countDeliverable(db);
          return { kind: 'done', value: { state: 'scheduled', recipients } };
        }
        const recipients = await db.transaction().execute(async (trx) => {
          const started = await trx
            .updateTable('letters')
            .set({ state: 'sending', send_at: now.toISOString(), updated_at: now.toISOString() })
            .where('id', '=', id)
            .where('state', '=', 'draft')
            .executeTakeFirst();
          return started.numUpdatedRows === 0n ? null : snapshotRecipients(trx, id);
        });
        return recipients === null
          ? refusal(id)
          : { kind: 'done', value: { state: 'sending', recipients } };
      }),

    controlLetter: (id, control, now) =>
      guard(`${control} a letter`, async () => {
        const { from, to } = CONTROLS[control];
        const changed = await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('letters')
            .set({ state: to, updated_at: now.toISOString() })
            .where('id', '=', id)
            .where('state', 'in', from)
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) return false;
          if (control === 'cancel') {
            // A copy in an instance's hands finishes; one a crash left behind goes nowhere.
            await trx
              .updateTable('letter_recipients')
              .set({ state: 'skipped', lease_until: null })
              .where('letter_id', '=', id)
              .where((eb) =>
                eb.or([
                  eb('state', '=', 'waiting'),
                  eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', now.toISOString())]),
                ]),
              )
              .execute();
          }
          return true;
        });
        return changed ? { kind: 'done', value: to } : refusal(id);
      }),
  };

  return { ...drafts, ...createLetterDelivery(context) };
}
