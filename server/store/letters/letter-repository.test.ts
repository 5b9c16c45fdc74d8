import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';
import { addresses, addSubscribers } from '../../../tests/server/helpers/letter-subscribers';
import type { Store } from '../store';

const AUTUMN = { subject: 'Autumn at the studio', preview: 'Three new books', body: '# Hello\n' };
const NOW = new Date('2031-05-01T09:00:00Z');
const LEASE_MS = 60_000;

function later(ms: number): Date {
  return new Date(NOW.getTime() + ms);
}

async function draft(store: Store, subject = AUTUMN.subject): Promise<string> {
  return (await store.letters.createDraft({ ...AUTUMN, subject }, 'ana@emberandink.example', NOW))
    .id;
}

async function counts(store: Store, id: string) {
  return (await store.letters.readLetter(id))?.counts;
}

describeEachStore('letters', (subject) => {
  it('keeps drafts with unique slugs, lists them newest first, and changes or deletes only drafts', async () => {
    const { store } = subject;
    const first = await store.letters.createDraft(AUTUMN, 'ana@emberandink.example', NOW);
    const second = await store.letters.createDraft(
      { subject: 'Autumn at the Stúdio!', body: 'Again' },
      'ana@emberandink.example',
      later(1000),
    );
    expect([first.slug, second.slug]).toEqual(['autumn-at-the-studio', 'autumn-at-the-studio-2']);
    expect(second.preview).toBe('');
    const listed = await store.letters.listLetters();
    expect(listed.map((letter) => letter.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toEqual({
      id: second.id,
      slug: 'autumn-at-the-studio-2',
      subject: 'Autumn at the Stúdio!',
      state: 'draft',
      sendAt: null,
      sentAt: null,
      counts: { recipients: 0, sent: 0, failed: 0, bounced: 0, left: 0 },
    });

    const changed = await store.letters.updateDraft(
      first.id,
      { subject: 'Winter', body: 'Snow' },
      later(2000),
    );
    expect(changed).toMatchObject({
      kind: 'done',
      value: { subject: 'Winter', body: 'Snow', preview: '', slug: 'autumn-at-the-studio' },
    });
    await store.letters.startSending(first.id, null, later(3000));
    expect(await store.letters.updateDraft(first.id, AUTUMN, later(4000))).toEqual({
      kind: 'not-allowed',
      state: 'sending',
    });
    expect(await store.letters.deleteDraft(first.id)).toEqual({
      kind: 'not-allowed',
      state: 'sending',
    });
    expect(await store.letters.deleteDraft(second.id)).toEqual({ kind: 'done', value: null });
    expect(await store.letters.readLetter(second.id)).toBeNull();
    expect(await store.letters.deleteDraft(second.id)).toEqual({ kind: 'not-found' });
  });

  it('sends to the subscribers confirmed when it starts, and no one else', async () => {
    const { store } = subject;
    const confirmed = await addSubscribers(store, addresses('reader', 3));
    await addSubscribers(store, ['pending@example.com'], { confirmed: false });
    const id = await draft(store);
    expect(await store.letters.startSending(id, null, NOW)).toEqual({
      kind: 'done',
      value: { state: 'sending', recipients: 3 },
    });
    // Confirmed after the start: not a recipient of this letter.
    await addSubscribers(store, ['late@example.com']);
    expect(await counts(store, id)).toEqual({
      recipients: 3,
      sent: 0,
      failed: 0,
      bounced: 0,
      left: 3,
    });
    const claimed = await store.letters.claimCopies(id, 10, LEASE_MS, NOW);
    expect(claimed.map((copy) => copy.subscriberId).sort()).toEqual([...confirmed].sort());
    expect(await store.letters.startSending(id, null, NOW)).toEqual({
      kind: 'not-allowed',
      state: 'sending',
    });
  });

  it('claims each copy once, again only after its lease, and skips one whose subscriber left', async () => {
    const { store } = subject;
    const [leaving = '', ...staying] = await addSubscribers(store, addresses('reader', 4));
    const id = await draft(store);
    await store.letters.startSending(id, null, NOW);
    expect(await store.unsubscribeSubscriber(leaving, NOW)).toBe('valid');
    const rival = await subject.fixture.rival(store);
    const [mine, theirs] = await Promise.all([
      store.letters.claimCopies(id, 2, LEASE_MS, NOW),
      rival.letters.claimCopies(id, 2, LEASE_MS, NOW),
    ]);
    const claimed = [...mine, ...theirs].map((copy) => copy.subscriberId);
    expect(claimed.sort()).toEqual([...staying].sort());
    expect(await store.letters.claimCopies(id, 10, LEASE_MS, later(1000))).toEqual([]);

    // Two copies are marked sent; the third was in the hands of an instance that crashed.
    const [crashed = '', ...delivered] = claimed;
    await store.letters.markCopiesSent(id, delivered, later(2000));
    expect(await store.letters.finishLetter(id, later(3000))).toBe(false);
    const again = await store.letters.claimCopies(id, 10, LEASE_MS, later(LEASE_MS + 1));
    expect(again.map((copy) => [copy.subscriberId, copy.attempts])).toEqual([[crashed, 2]]);
    await store.letters.markCopiesSent(id, [crashed], later(LEASE_MS + 2));
    expect(await store.letters.finishLetter(id, later(LEASE_MS + 3))).toBe(true);
    expect(await rival.letters.finishLetter(id, later(LEASE_MS + 3))).toBe(false);
    const letter = await store.letters.readLetter(id);
    expect(letter).toMatchObject({
      state: 'sent',
      sentAt: later(LEASE_MS + 3).toISOString(),
      counts: { recipients: 4, sent: 3, failed: 0, bounced: 0, left: 0 },
    });
  });

  it('holds a deferred copy until its retry, and counts a failed one', async () => {
    const { store } = subject;
    await addSubscribers(store, addresses('reader', 2));
    const id = await draft(store);
    await store.letters.startSending(id, null, NOW);
    const [first, second] = await store.letters.claimCopies(id, 2, LEASE_MS, NOW);
    if (first === undefined || second === undefined) throw new Error('expected two copies');
    await store.letters.deferCopy(id, first.subscriberId, later(5000), '451 try later');
    await store.letters.markCopyFailed(id, second.subscriberId, '550 no such mailbox');
    expect(await store.letters.countDueCopies(id, 10, later(4999))).toBe(0);
    expect(await store.letters.claimCopies(id, 2, LEASE_MS, later(4999))).toEqual([]);
    expect(await store.letters.countDueCopies(id, 10, later(5000))).toBe(1);
    const retried = await store.letters.claimCopies(id, 2, LEASE_MS, later(5000));
    expect(retried.map((copy) => [copy.subscriberId, copy.attempts])).toEqual([
      [first.subscriberId, 2],
    ]);
    expect(await counts(store, id)).toEqual({
      recipients: 2,
      sent: 0,
      failed: 1,
      bounced: 0,
      left: 1,
    });
  });

  it('pauses, resumes and cancels only from the states that allow it', async () => {
    const { store } = subject;
    await addSubscribers(store, addresses('reader', 3));
    const id = await draft(store);
    expect(await store.letters.controlLetter(id, 'pause', NOW)).toEqual({
      kind: 'not-allowed',
      state: 'draft',
    });
    await store.letters.startSending(id, null, NOW);
    const [inFlight] = await store.letters.claimCopies(id, 1, LEASE_MS, NOW);
    expect(await store.letters.controlLetter(id, 'pause', NOW)).toEqual({
      kind: 'done',
      value: 'paused',
    });
    expect(await store.letters.listLettersSending()).toEqual([]);
    expect(await store.letters.controlLetter(id, 'pause', NOW)).toMatchObject({
      kind: 'not-allowed',
    });
    expect(await store.letters.controlLetter(id, 'resume', NOW)).toEqual({
      kind: 'done',
      value: 'sending',
    });
    expect((await store.letters.listLettersSending()).map((letter) => letter.id)).toEqual([id]);
    expect(await store.letters.controlLetter(id, 'cancel', NOW)).toEqual({
      kind: 'done',
      value: 'cancelled',
    });
    // The copy an instance holds finishes; the waiting ones go nowhere.
    await store.letters.markCopiesSent(id, [inFlight?.subscriberId ?? ''], NOW);
    expect(await counts(store, id)).toEqual({
      recipients: 3,
      sent: 1,
      failed: 0,
      bounced: 0,
      left: 0,
    });
    expect(await store.letters.controlLetter(id, 'resume', NOW)).toEqual({
      kind: 'not-allowed',
      state: 'cancelled',
    });
    expect(await store.letters.controlLetter('no-such-letter', 'cancel', NOW)).toEqual({
      kind: 'not-found',
    });
  });

  it('starts a scheduled letter once, when due, with the subscribers confirmed by then', async () => {
    const { store } = subject;
    await addSubscribers(store, addresses('early', 2));
    const id = await draft(store);
    expect(await store.letters.startSending(id, later(60_000), NOW)).toEqual({
      kind: 'done',
      value: { state: 'scheduled', recipients: 2 },
    });
    await addSubscribers(store, ['meanwhile@example.com']);
    expect(await store.letters.startDueLetters(later(59_999))).toBe(0);
    const rival = await subject.fixture.rival(store);
    const started = await Promise.all([
      store.letters.startDueLetters(later(60_000)),
      rival.letters.startDueLetters(later(60_000)),
    ]);
    expect(started[0] + started[1]).toBe(1);
    expect(await store.letters.readLetter(id)).toMatchObject({
      state: 'sending',
      sendAt: later(60_000).toISOString(),
      counts: { recipients: 3, left: 3 },
    });
  });

  it('lets no more than N copies take a slot in any window, across instances', async () => {
    const { store } = subject;
    const rate = { max: 5, windowMs: 1000, marginMs: 10 };
    const start = NOW.getTime();
    const rival = await subject.fixture.rival(store);
    const takes = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? store : rival).letters.takeRateSlots(rate, 2, start),
      ),
    );
    const taken = takes.flatMap((take) => take.slots);
    expect(taken.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(await store.letters.takeRateSlots(rate, 2, start + 1010)).toEqual({
      slots: [],
      freeAtMs: start + 1011,
    });
    // Two copies were accepted 500 ms after they took their slots: those slots wait for that.
    await store.letters.holdRateSlots([0, 1], start, start + 500);
    expect((await store.letters.takeRateSlots(rate, 5, start + 1011)).slots.sort()).toEqual([
      2, 3, 4,
    ]);
    expect(await store.letters.takeRateSlots(rate, 5, start + 1510)).toEqual({
      slots: [],
      freeAtMs: start + 1511,
    });
    expect((await store.letters.takeRateSlots(rate, 5, start + 1511)).slots.sort()).toEqual([0, 1]);
  });
});
