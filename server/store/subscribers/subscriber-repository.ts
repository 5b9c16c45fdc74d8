import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  CONFIRM_TOKEN_LIFETIME_MS,
  CONFIRMATION_EMAIL_INTERVAL_MS,
  createToken,
  hashToken,
  isWellFormedToken,
} from './newsletter-tokens';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import type {
  ConfirmationLinks,
  HeldConfirmationOutcome,
  SubscriberRepository,
  SubscriptionRequest,
  TokenState,
} from './subscriber-types';
import { queueOutboxJob } from '../outbox/queue-email';
import { toSubscriber } from './subscriber-row';

/**
 * Queues the confirmation email. The row names the subscriber only: the links are minted when
 * the email is sent, so no token is written to the database, its WAL or a backup
 * (docs/decisions/0052).
 */
async function queueConfirmation(
  trx: Transaction<Database>,
  subscriber: { id: string; email: string },
  now: string,
): Promise<void> {
  await queueOutboxJob(
    trx,
    {
      kind: 'newsletter-confirmation',
      subscriberId: subscriber.id,
      recipient: subscriber.email,
      payload: '{}',
    },
    now,
  );
}

/**
 * The hashes of a confirmation email's two links. Only hashes are kept, so each email gets a
 * new unsubscribe token: the database cannot give back the one an earlier email carried, and
 * that earlier link stops working.
 */
function linkHashes(links: ConfirmationLinks) {
  return {
    confirm_token_hash: hashToken(links.confirmToken),
    unsubscribe_token_hash: hashToken(links.unsubscribeToken),
  };
}

const newLinks = (): ConfirmationLinks => ({
  confirmToken: createToken(),
  unsubscribeToken: createToken(),
});

/**
 * The row's confirmation window and the time its email goes out. The link hashes are of tokens
 * nobody is ever given: the real ones are minted when the email is sent.
 */
function confirmationFields(now: Date) {
  return {
    ...linkHashes(newLinks()),
    token_expires_at: new Date(now.getTime() + CONFIRM_TOKEN_LIFETIME_MS).toISOString(),
    last_emailed_at: now.toISOString(),
  };
}

/** Newsletter subscribers, one row per address whatever its case, by double opt-in. */
export function createSubscriberRepository({ db, guard }: StoreContext): SubscriberRepository {
  async function requestConfirmation(
    trx: Transaction<Database>,
    email: string,
    request: SubscriptionRequest,
  ): Promise<void> {
    const now = request.now ?? new Date();
    const nowIso = now.toISOString();
    const proof = {
      asked_at: nowIso,
      wording: request.wording ?? null,
      ...confirmationFields(now),
    };
    const id = randomUUID();
    const inserted = await trx
      .insertInto('subscribers')
      .values({
        id,
        email,
        email_key: email.toLowerCase(),
        created_at: nowIso,
        status: 'pending',
        confirmed_at: null,
        unsubscribed_at: null,
        ...proof,
      })
      .onConflict((conflict) => conflict.column('email_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted !== undefined) {
      await queueConfirmation(trx, { id, email }, nowIso);
      return;
    }
    // One conditional update: of two concurrent requests for the same address, one wins.
    const cutoff = new Date(now.getTime() - CONFIRMATION_EMAIL_INTERVAL_MS).toISOString();
    const renewed = await trx
      .updateTable('subscribers')
      .set({ ...proof, status: 'pending', confirmed_at: null, unsubscribed_at: null })
      .where('email_key', '=', email.toLowerCase())
      .where('status', '!=', 'confirmed')
      .where((eb) =>
        eb.or([eb('last_emailed_at', 'is', null), eb('last_emailed_at', '<=', cutoff)]),
      )
      .returning('id')
      .executeTakeFirst();
    if (renewed === undefined) return;
    await queueConfirmation(trx, { id: renewed.id, email }, nowIso);
  }

  async function holdSignup(
    trx: Transaction<Database>,
    email: string,
    request: SubscriptionRequest,
  ): Promise<void> {
    const nowIso = (request.now ?? new Date()).toISOString();
    const proof = { asked_at: nowIso, wording: request.wording ?? null };
    const inserted = await trx
      .insertInto('subscribers')
      .values({
        id: randomUUID(),
        email,
        email_key: email.toLowerCase(),
        created_at: nowIso,
        status: 'held',
        confirmed_at: null,
        unsubscribed_at: null,
        // No email yet, so no unsubscribe link either: one comes with the confirmation.
        unsubscribe_token_hash: null,
        confirm_token_hash: null,
        token_expires_at: null,
        last_emailed_at: null,
        ...proof,
      })
      .onConflict((conflict) => conflict.column('email_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted !== undefined) return;
    // An address that left asks again; one that is held, pending or confirmed stays as it is.
    await trx
      .updateTable('subscribers')
      .set({ ...proof, status: 'held', confirm_token_hash: null, token_expires_at: null })
      .where('email_key', '=', email.toLowerCase())
      .where('status', '=', 'unsubscribed')
      .execute();
  }

  async function confirmHeld(
    trx: Transaction<Database>,
    id: string,
    now: Date,
  ): Promise<HeldConfirmationOutcome> {
    const cutoff = new Date(now.getTime() - CONFIRMATION_EMAIL_INTERVAL_MS).toISOString();
    // The proof of asking stays the visitor's; only the links and their email are new.
    const released = await trx
      .updateTable('subscribers')
      .set({
        ...confirmationFields(now),
        status: 'pending',
        unsubscribed_at: null,
      })
      .where('id', '=', id)
      .where('status', '=', 'held')
      .where((eb) =>
        eb.or([eb('last_emailed_at', 'is', null), eb('last_emailed_at', '<=', cutoff)]),
      )
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (released === undefined) {
      const row = await trx
        .selectFrom('subscribers')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) return 'not-found';
      return row.status === 'held' ? 'recently-emailed' : 'not-held';
    }
    await queueConfirmation(trx, { id, email: released.email }, now.toISOString());
    return 'queued';
  }

  /** Unsubscribes the one address `column` names (again is not an error). */
  async function unsubscribeWhere(
    column: 'id' | 'unsubscribe_token_hash',
    value: string,
    now: Date,
  ): Promise<TokenState> {
    const row = await db
      .updateTable('subscribers')
      .set({
        status: 'unsubscribed',
        unsubscribed_at: now.toISOString(),
        confirm_token_hash: null,
        token_expires_at: null,
      })
      .where(column, '=', value)
      .where('status', '!=', 'unsubscribed')
      .returning('id')
      .executeTakeFirst();
    if (row !== undefined) return 'valid';
    const known = await db
      .selectFrom('subscribers')
      .select('id')
      .where(column, '=', value)
      .executeTakeFirst();
    return known === undefined ? 'unknown' : 'valid';
  }

  async function confirmTokenState(token: string, now: Date): Promise<TokenState> {
    if (!isWellFormedToken(token)) return 'unknown';
    const row = await db
      .selectFrom('subscribers')
      .select(['token_expires_at', 'status'])
      .where('confirm_token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (row === undefined || row.status !== 'pending') return 'unknown';
    return row.token_expires_at !== null && new Date(row.token_expires_at) > now
      ? 'valid'
      : 'expired';
  }

  return {
    mintConfirmationLinks: (subscriberId) =>
      guard('mint confirmation links', async () => {
        const links = newLinks();
        const minted = await db
          .updateTable('subscribers')
          .set(linkHashes(links))
          .where('id', '=', subscriberId)
          .where('status', '=', 'pending')
          .returning('id')
          .executeTakeFirst();
        return minted === undefined ? null : links;
      }),

    subscribe: (email, request = {}) =>
      guard('subscribe', () =>
        db.transaction().execute((trx) => requestConfirmation(trx, email, request)),
      ),

    holdSubscription: (email, request = {}) =>
      guard('hold a sign-up', () =>
        db.transaction().execute((trx) => holdSignup(trx, email, request)),
      ),

    sendHeldConfirmation: (id, now = new Date()) =>
      guard('send a held sign-up its confirmation', () =>
        db.transaction().execute((trx) => confirmHeld(trx, id, now)),
      ),

    listSubscribers: (options = {}) =>
      guard('list subscribers', async () => {
        const rows = await db
          .selectFrom('subscribers')
          .selectAll()
          .$if(options.confirmedOnly === true, (query) => query.where('status', '=', 'confirmed'))
          .orderBy('created_at')
          .orderBy('email_key')
          .execute();
        return rows.map(toSubscriber);
      }),

    checkConfirmToken: (token, now = new Date()) =>
      guard('check a confirmation link', () => confirmTokenState(token, now)),

    confirmSubscription: (token, now = new Date()) =>
      guard('confirm a subscription', async () => {
        if (!isWellFormedToken(token)) return { state: 'unknown', confirmedId: null };
        const confirmed = await db
          .updateTable('subscribers')
          .set({
            status: 'confirmed',
            confirmed_at: now.toISOString(),
            confirm_token_hash: null,
            token_expires_at: null,
          })
          .where('confirm_token_hash', '=', hashToken(token))
          .where('status', '=', 'pending')
          .where('token_expires_at', '>', now.toISOString())
          .returning('id')
          .executeTakeFirst();
        if (confirmed !== undefined) return { state: 'valid', confirmedId: confirmed.id };
        return { state: await confirmTokenState(token, now), confirmedId: null };
      }),

    checkUnsubscribeToken: (token) =>
      guard('check an unsubscribe link', async () => {
        if (!isWellFormedToken(token)) return 'unknown';
        const row = await db
          .selectFrom('subscribers')
          .select('id')
          .where('unsubscribe_token_hash', '=', hashToken(token))
          .executeTakeFirst();
        return row === undefined ? 'unknown' : 'valid';
      }),

    unsubscribe: (token, now = new Date()) =>
      guard('unsubscribe', async () => {
        if (!isWellFormedToken(token)) return 'unknown';
        return unsubscribeWhere('unsubscribe_token_hash', hashToken(token), now);
      }),

    checkSubscriber: (subscriberId) =>
      guard('check an unsubscribe link', async () => {
        const row = await db
          .selectFrom('subscribers')
          .select('id')
          .where('id', '=', subscriberId)
          .executeTakeFirst();
        return row === undefined ? 'unknown' : 'valid';
      }),

    unsubscribeSubscriber: (subscriberId, now = new Date()) =>
      guard('unsubscribe', () => unsubscribeWhere('id', subscriberId, now)),
  };
}
