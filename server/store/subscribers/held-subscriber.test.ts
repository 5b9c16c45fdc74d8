import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';
import { purgeExpired } from '../../privacy/purge-expired';
import type { Store } from '../store';

const DAY_MS = 24 * 60 * 60 * 1000;
const WORDING = 'Studio notes, once a month.';
const POLICY = { enquiryDays: 730, spamDays: 30, auditDays: 365, audienceRawDays: 31 };

async function rowOf(store: Store, email: string) {
  const rows = await store.listSubscribers();
  return rows.find((row) => row.email.toLowerCase() === email.toLowerCase());
}

async function outboxOf(store: Store, email: string) {
  return (await store.describePerson(email)).outbox;
}

describeEachStore('newsletter sign-ups held as spam', (subject) => {
  it('keeps a held sign-up with its proof and queues no email', async () => {
    const { store } = subject;
    const askedAt = new Date('2026-11-20T10:00:00.000Z');
    await store.holdSubscription('held@example.com', { wording: WORDING, now: askedAt });

    expect(await rowOf(store, 'held@example.com')).toMatchObject({
      status: 'held',
      askedAt,
      wording: WORDING,
      confirmedAt: null,
    });
    expect(await outboxOf(store, 'held@example.com')).toEqual([]);
    expect(await store.listSubscribers({ confirmedOnly: true })).toEqual([]);
  });

  it('leaves a pending or confirmed address as it is, and a held one held', async () => {
    const { store } = subject;
    await store.subscribe('pending@example.com', { wording: WORDING });
    await store.holdSubscription('PENDING@example.com', { wording: 'other words' });
    expect(await rowOf(store, 'pending@example.com')).toMatchObject({
      status: 'pending',
      wording: WORDING,
    });

    await store.holdSubscription('twice@example.com', { now: new Date(Date.now() - DAY_MS) });
    const first = await rowOf(store, 'twice@example.com');
    await store.holdSubscription('twice@example.com');
    expect(await rowOf(store, 'twice@example.com')).toEqual(first);
    expect(await outboxOf(store, 'pending@example.com')).toHaveLength(1);
    expect(await outboxOf(store, 'twice@example.com')).toEqual([]);
  });

  it('turns pending with one confirmation when the address signs up with a valid solution', async () => {
    const { store } = subject;
    await store.holdSubscription('later@example.com');
    await store.subscribe('later@example.com', { wording: WORDING });
    expect(await rowOf(store, 'later@example.com')).toMatchObject({ status: 'pending' });
    expect(await outboxOf(store, 'later@example.com')).toHaveLength(1);
  });

  it('sends a held sign-up its confirmation once, keeping when it asked', async () => {
    const { store } = subject;
    const askedAt = new Date(Date.now() - 3 * DAY_MS);
    await store.holdSubscription('recover@example.com', { wording: WORDING, now: askedAt });
    const held = await rowOf(store, 'recover@example.com');
    if (held === undefined) throw new Error('expected the held row');

    const outcomes = await Promise.all([
      store.sendHeldConfirmation(held.id),
      store.sendHeldConfirmation(held.id),
    ]);
    expect(outcomes.sort()).toEqual(['not-held', 'queued']);
    expect(await rowOf(store, 'recover@example.com')).toMatchObject({
      status: 'pending',
      askedAt,
      wording: WORDING,
      confirmedAt: null,
    });
    expect(await outboxOf(store, 'recover@example.com')).toHaveLength(1);
    expect(await store.sendHeldConfirmation('6f1c9a52-5a3b-4e0c-9d7e-2b8f4c1a0e99')).toBe(
      'not-found',
    );
  });

  it('keeps the one-email-per-24-hours rule for an address that left and came back held', async () => {
    const { store } = subject;
    const start = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await store.subscribe('back@example.com', { now: start });
    const row = await rowOf(store, 'back@example.com');
    const [email] = await store.claimDueEmails(1, 60_000);
    if (row === undefined || email?.confirmation === undefined) throw new Error('no email');
    const links = await store.mintConfirmationLinks(email.confirmation.subscriberId);
    await store.unsubscribe(links?.unsubscribeToken ?? '');
    await store.holdSubscription('back@example.com');
    expect(await rowOf(store, 'back@example.com')).toMatchObject({ status: 'held' });

    expect(await store.sendHeldConfirmation(row.id)).toBe('recently-emailed');
    expect(await store.sendHeldConfirmation(row.id, new Date(start.getTime() + DAY_MS))).toBe(
      'queued',
    );
    expect(await outboxOf(store, 'back@example.com')).toHaveLength(2);
  });

  it('purges held sign-ups after the spam retention, with the pending clock running from the last email', async () => {
    const { store } = subject;
    const now = new Date();
    await store.holdSubscription('old-held@example.com', {
      now: new Date(now.getTime() - 31 * DAY_MS),
    });
    await store.holdSubscription('young-held@example.com', {
      now: new Date(now.getTime() - 29 * DAY_MS),
    });
    // Held for 20 days, then recovered by the studio 2 days ago: its link still has 5 days.
    await store.holdSubscription('recovered@example.com', {
      now: new Date(now.getTime() - 20 * DAY_MS),
    });
    const recovered = await rowOf(store, 'recovered@example.com');
    if (recovered === undefined) throw new Error('expected the held row');
    await store.sendHeldConfirmation(recovered.id, new Date(now.getTime() - 2 * DAY_MS));

    const report = await purgeExpired(store, '/nonexistent', POLICY, now);

    expect(report?.subscribers).toBe(1);
    const left = (await store.listSubscribers()).map((row) => row.email).sort();
    expect(left).toEqual(['recovered@example.com', 'young-held@example.com']);
  });

  it('describes and forgets a held sign-up like any other', async () => {
    const { store } = subject;
    await store.holdSubscription('Forget.Me@example.com', { wording: WORDING });

    const person = await store.describePerson('forget.me@EXAMPLE.com');
    expect(person.subscriptions).toHaveLength(1);
    expect(person.subscriptions[0]).toMatchObject({ status: 'held', wording: WORDING });

    const removed = await store.forgetPerson('FORGET.ME@example.com');
    expect(removed.subscriberIds).toHaveLength(1);
    expect(await rowOf(store, 'forget.me@example.com')).toBeUndefined();
  });
});
