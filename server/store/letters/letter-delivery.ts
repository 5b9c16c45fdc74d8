import type { StoreContext } from '../db/store-context';
import { snapshotRecipients, UNSETTLED_COPY_STATES } from './letter-copies';
import type { ClaimedCopy, LetterDelivery } from './letter-types';

/** Rows written per statement when many are named at once. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    result.push(items.slice(start, start + CHUNK));
  }
  return result;
}

export function createLetterDelivery({ db, dialect, guard }: StoreContext): LetterDelivery {
  /** Slots known to exist, so their rows are made once per instance, not before every take. */
  let slotsMade = 0;

  async function makeSlots(count: number): Promise<void> {
    if (count <= slotsMade) return;
    const slots = Array.from({ length: count - slotsMade }, (_, index) => slotsMade + index);
    for (const chunk of chunks(slots)) {
      await db
        .insertInto('letter_rate_slots')
        .values(chunk.map((slot) => ({ slot, used_at_ms: 0 })))
        .onConflict((conflict) => conflict.column('slot').doNothing())
        .execute();
    }
    slotsMade = count;
  }

  /**
   * The copies of a letter that may be claimed now: waiting and due, or left `sending` by a
   * crash past their lease; none unless the letter is `sending`.
   */
  function dueCopies(letterId: string, nowIso: string) {
    return db
      .selectFrom('letter_recipients')
      .select('subscriber_id')
      .where('letter_id', '=', letterId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('letters')
            .select('id')
            .where('id', '=', letterId)
            .where('state', '=', 'sending'),
        ),
      )
      .where((eb) =>
        eb.or([
          eb.and([
            eb('state', '=', 'waiting'),
            eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', nowIso)]),
          ]),
          eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', nowIso)]),
        ]),
      );
  }

  return {
    startDueLetters: (now) =>
      guard('start the scheduled letters', async () => {
        const due = await db
          .selectFrom('letters')
          .select('id')
          .where('state', '=', 'scheduled')
          .where('send_at', '<=', now.toISOString())
          .execute();
        let started = 0;
        for (const { id } of due) {
          const isMine = await db.transaction().execute(async (trx) => {
            const changed = await trx
              .updateTable('letters')
              .set({ state: 'sending', updated_at: now.toISOString() })
              .where('id', '=', id)
              .where('state', '=', 'scheduled')
              .executeTakeFirst();
            if (changed.numUpdatedRows === 0n) return false;
            await snapshotRecipients(trx, id);
            return true;
          });
          if (isMine) started += 1;
        }
        return started;
      }),

    listLettersSending: () =>
      guard('list the letters being sent', () =>
        db
          .selectFrom('letters')
          .select(['id', 'slug', 'subject', 'preview', 'body'])
          .where('state', '=', 'sending')
          .orderBy('send_at')
          .execute(),
      ),

    countDueCopies: (letterId, limit, now) =>
      guard('count the copies of a letter due', async () => {
        const due = await dueCopies(letterId, now.toISOString()).limit(limit).execute();
        return due.length;
      }),

    claimCopies: (letterId, limit, leaseMs, now) =>
      guard('claim copies of a letter', async () => {
        const nowIso = now.toISOString();
        const claimed = await db
          .with('due', () =>
            dueCopies(letterId, nowIso)
              .limit(limit)
              // PostgreSQL: another instance skips the copies this one is claiming.
              .$if(dialect === 'postgres', (locked) => locked.forUpdate().skipLocked()),
          )
          .updateTable('letter_recipients')
          .set((eb) => ({
            state: 'sending',
            lease_until: new Date(now.getTime() + leaseMs).toISOString(),
            attempts: eb('attempts', '+', 1),
          }))
          .where('letter_id', '=', letterId)
          .where('subscriber_id', 'in', (eb) => eb.selectFrom('due').select('subscriber_id'))
          .returning(['subscriber_id', 'attempts'])
          .execute();
        if (claimed.length === 0) return [];
        const subscribers = await db
          .selectFrom('subscribers')
          .select(['id', 'email'])
          .where(
            'id',
            'in',
            claimed.map((copy) => copy.subscriber_id),
          )
          .where('status', '=', 'confirmed')
          .where('undeliverable', 'is', null)
          .execute();
        const emailOf = new Map(subscribers.map((subscriber) => [subscriber.id, subscriber.email]));
        const gone = claimed.filter((copy) => !emailOf.has(copy.subscriber_id));
        if (gone.length > 0) {
          await db
            .updateTable('letter_recipients')
            .set({ state: 'skipped', lease_until: null })
            .where('letter_id', '=', letterId)
            .where(
              'subscriber_id',
              'in',
              gone.map((copy) => copy.subscriber_id),
            )
            .execute();
        }
        return claimed.flatMap((copy): ClaimedCopy[] => {
          const email = emailOf.get(copy.subscriber_id);
          return email === undefined
            ? []
            : [{ subscriberId: copy.subscriber_id, email, attempts: copy.attempts }];
        });
      }),

    markCopiesSent: (letterId, subscriberIds, at) =>
      guard('mark copies of a letter sent', async () => {
        for (const chunk of chunks(subscriberIds)) {
          await db
            .updateTable('letter_recipients')
            .set({ state: 'sent', sent_at: at.toISOString(), lease_until: null, failure: null })
            .where('letter_id', '=', letterId)
            .where('subscriber_id', 'in', chunk)
            .where('state', '=', 'sending')
            .execute();
        }
      }),

    markCopyFailed: (letterId, subscriberId, reason) =>
      guard('mark a copy of a letter failed', async () => {
        await db
          .updateTable('letter_recipients')
          .set({ state: 'failed', lease_until: null, failure: reason })
          .where('letter_id', '=', letterId)
          .where('subscriber_id', '=', subscriberId)
          .where('state', '=', 'sending')
          .execute();
      }),

    deferCopy: (letterId, subscriberId, retryAt, reason) =>
      guard('defer a copy of a letter', async () => {
        await db
          .updateTable('letter_recipients')
          .set({ state: 'waiting', lease_until: retryAt.toISOString(), failure: reason })
          .where('letter_id', '=', letterId)
          .where('subscriber_id', '=', subscriberId)
          .where('state', '=', 'sending')
          .execute();
      }),

    finishLetter: (letterId, now) =>
      guard('mark a letter sent', async () => {
        const finished = await db
          .updateTable('letters')
          .set({ state: 'sent', sent_at: now.toISOString(), updated_at: now.toISOString() })
          .where('id', '=', letterId)
          .where('state', '=', 'sending')
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('letter_recipients')
                  .select('subscriber_id')
                  .where('letter_id', '=', letterId)
                  .where('state', 'in', UNSETTLED_COPY_STATES),
              ),
            ),
          )
          .executeTakeFirst();
        return finished.numUpdatedRows > 0n;
      }),

    takeRateSlots: ({ max, windowMs, marginMs }, count, nowMs) =>
      guard('take slots of the letter rate', async () => {
        await makeSlots(max);
        // A slot is free when its last use is strictly more than a window (and the margin) ago.
        const freeBefore = nowMs - windowMs - marginMs;
        const taken = await db
          .updateTable('letter_rate_slots')
          .set({ used_at_ms: nowMs })
          .where('slot', 'in', (eb) =>
            eb
              .selectFrom('letter_rate_slots')
              .select('slot')
              .where('slot', '<', max)
              .where('used_at_ms', '<', freeBefore)
              .orderBy('used_at_ms')
              .limit(count)
              .$if(dialect === 'postgres', (locked) => locked.forUpdate().skipLocked()),
          )
          .where('used_at_ms', '<', freeBefore)
          .returning('slot')
          .execute();
        const earliest = await db
          .selectFrom('letter_rate_slots')
          .select((eb) => eb.fn.min('used_at_ms').as('used_at_ms'))
          .where('slot', '<', max)
          .executeTakeFirstOrThrow();
        return {
          slots: taken.map((row) => row.slot),
          freeAtMs: Number(earliest.used_at_ms) + windowMs + marginMs + 1,
        };
      }),

    holdRateSlots: (slots, takenAtMs, doneAtMs) =>
      guard('hold slots of the letter rate', async () => {
        if (slots.length === 0) return;
        await db
          .updateTable('letter_rate_slots')
          .set({ used_at_ms: doneAtMs })
          .where('slot', 'in', slots)
          .where('used_at_ms', '=', takenAtMs)
          .execute();
      }),
  };
}
