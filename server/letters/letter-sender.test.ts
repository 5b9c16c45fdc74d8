import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addresses, addSubscribers } from '../../tests/server/helpers/letter-subscribers';
import {
  mostInAnyWindow,
  startLetterSink,
  type LetterSink,
} from '../../tests/server/helpers/letter-sink';
import { describeEachStore } from '../../tests/server/helpers/store-fixtures';
import { createMailTransport } from '../mail/create-transport';
import { createRetrySchedule } from '../mail/retry-schedule';
import type { Store } from '../store/store';
import { startLetterSender, type LetterSender } from './letter-sender';

const RATE = { max: 50, windowMs: 1000 };
const CONFIRMED = 300;
const quiet = { info: () => undefined, error: () => undefined };

let sink: LetterSink;
let dataDir: string;
const senders: LetterSender[] = [];
const closers: (() => void)[] = [];

/** The answer the SMTP server gives each address, when it is not to accept at once. */
const refusals = new Map<string, { code: number; message: string; times: number }>();

beforeEach(async () => {
  refusals.clear();
  sink = await startLetterSink((_, copy) => {
    const refusal = refusals.get(copy.to);
    if (refusal === undefined || refusal.times === 0) return 'accept';
    refusal.times -= 1;
    return refusal;
  });
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-letters-'));
});

afterEach(async () => {
  await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  for (const close of closers.splice(0)) close();
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** One instance's sender, with a transport of its own, as start-services wires it. */
function startInstance(store: Store): LetterSender {
  const transport = createMailTransport({ smtpUrl: sink.url, dataDir, maxConnections: 8 });
  closers.push(() => transport.close());
  const sender = startLetterSender({
    letters: store.letters,
    transport,
    copies: {
      from: 'Ember & Ink <letters@emberandink.example>',
      siteOrigin: 'https://emberandink.example',
      mailDomain: 'emberandink.example',
      linkKey: Buffer.alloc(32, 7),
    },
    rate: RATE,
    retries: createRetrySchedule({ baseDelayMs: 100, maxDelayMs: 100, maxAttempts: 3 }),
    leaseMs: 30_000,
    pollIntervalMs: 200,
    log: quiet,
  });
  senders.push(sender);
  return sender;
}

describeEachStore('two instances sending one letter', (subject) => {
  it(`gives each of ${CONFIRMED} confirmed subscribers one copy, never more than ${RATE.max} in a second`, async () => {
    const { store } = subject;
    const confirmed = addresses('reader', CONFIRMED);
    await addSubscribers(store, confirmed);
    await addSubscribers(store, addresses('unconfirmed', 20), { confirmed: false });
    const { id } = await store.letters.createDraft(
      { subject: 'Autumn at the studio', body: 'Three new books.' },
      'ana@emberandink.example',
      new Date(),
    );
    const instances = [startInstance(store), startInstance(await subject.fixture.rival(store))];
    expect(await store.letters.startSending(id, null, new Date())).toMatchObject({
      value: { state: 'sending', recipients: CONFIRMED },
    });
    for (const instance of instances) instance.nudge();

    await expect
      .poll(async () => (await store.letters.readLetter(id))?.state, { timeout: 60_000 })
      .toBe('sent');
    expect((await store.letters.readLetter(id))?.counts).toEqual({
      recipients: CONFIRMED,
      sent: CONFIRMED,
      failed: 0,
      bounced: 0,
      left: 0,
    });
    expect(sink.copies.map((copy) => copy.to).sort()).toEqual([...confirmed].sort());
    expect(mostInAnyWindow(sink.copies, RATE.windowMs)).toBeLessThanOrEqual(RATE.max);
    const [copy] = sink.copies;
    expect(copy?.messageId).toMatch(
      new RegExp(`^<letter-${id}\\.[0-9a-f-]{36}@emberandink\\.example>$`),
    );
    expect(copy?.listUnsubscribe).toMatch(
      /https:\/\/emberandink\.example\/newsletter\/unsubscribe\?token=[0-9a-f-]{36}\.[\w-]{32}/,
    );
  }, 90_000);

  it('retries a copy refused for now, gives up on one refused for good, and still finishes', async () => {
    const { store } = subject;
    const [retried = '', refused = '', accepted = ''] = addresses('reader', 3);
    await addSubscribers(store, [retried, refused, accepted]);
    refusals.set(retried, { code: 451, message: 'Try again later', times: 2 });
    refusals.set(refused, { code: 550, message: 'No such mailbox', times: Infinity });
    const { id } = await store.letters.createDraft(
      { subject: 'Autumn at the studio', body: 'Three new books.' },
      'ana@emberandink.example',
      new Date(),
    );
    const instance = startInstance(store);
    await store.letters.startSending(id, null, new Date());
    instance.nudge();

    await expect
      .poll(async () => (await store.letters.readLetter(id))?.state, { timeout: 30_000 })
      .toBe('sent');
    expect((await store.letters.readLetter(id))?.counts).toEqual({
      recipients: 3,
      sent: 2,
      failed: 1,
      bounced: 0,
      left: 0,
    });
    expect(sink.copies.map((copy) => copy.to).sort()).toEqual([accepted, retried].sort());
  });
});
