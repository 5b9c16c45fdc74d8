import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';
import { purgeExpired } from '../../privacy/purge-expired';
import type { UnreadableMessage } from './unreadable-messages';

const DAY_MS = 24 * 60 * 60 * 1000;
const POLICY = { enquiryDays: 730, spamDays: 30, auditDays: 365, audienceRawDays: 31 };

/** Every byte value, NUL included, as a raw message could hold them. */
const RAW = Buffer.concat([Buffer.from('From: a@example.com\r\n\r\n'), Buffer.from([0, 255, 13])]);

const unreadable = (overrides: Partial<UnreadableMessage> = {}): UnreadableMessage => ({
  raw: RAW,
  size: 12_000_000,
  receivedAt: new Date('2026-11-23T09:30:00.000Z'),
  reason: 'It has more than 1,000 parts.',
  from: 'a@example.com',
  subject: 'Photos\0 of the site',
  ...overrides,
});

describeEachStore('mail set aside as unreadable', (subject) => {
  it('is listed newest first, once however often it is set aside, and its raw copy reads back byte for byte', async () => {
    const { leads } = subject.store;
    await leads.setAsideUnreadable(unreadable());
    await leads.setAsideUnreadable(unreadable());
    await leads.setAsideUnreadable(
      unreadable({
        raw: Buffer.from('x'),
        receivedAt: new Date('2026-11-24T09:30:00.000Z'),
        from: null,
        subject: null,
      }),
    );

    const items = await leads.listUnreadable();
    expect(items.map(({ id: _id, ...item }) => item)).toEqual([
      {
        receivedAt: '2026-11-24T09:30:00.000Z',
        size: 12_000_000,
        reason: 'It has more than 1,000 parts.',
      },
      {
        receivedAt: '2026-11-23T09:30:00.000Z',
        size: 12_000_000,
        reason: 'It has more than 1,000 parts.',
        from: 'a@example.com',
        subject: 'Photos\uFFFD of the site',
      },
    ]);
    const raw = await leads.readUnreadableRaw(items[1]?.id ?? '');
    expect(raw?.equals(RAW)).toBe(true);
  });

  it('is gone once dismissed, and dismissing it again finds nothing', async () => {
    const { leads } = subject.store;
    await leads.setAsideUnreadable(unreadable());
    const [item] = await leads.listUnreadable();
    const id = item?.id ?? '';
    expect(await leads.dismissUnreadable(id)).toBe(true);
    expect(await leads.dismissUnreadable(id)).toBe(false);
    expect(await leads.readUnreadableRaw(id)).toBeNull();
    expect(await leads.listUnreadable()).toEqual([]);
  });

  it('is purged after SPAM_RETENTION_DAYS, like spam', async () => {
    const { store } = subject;
    const receivedAt = new Date();
    await store.leads.setAsideUnreadable(unreadable({ receivedAt }));
    const after = (days: number) => new Date(receivedAt.getTime() + days * DAY_MS);

    expect((await purgeExpired(store, '/nonexistent', POLICY, after(29)))?.unreadableMessages).toBe(
      0,
    );
    expect(await store.leads.listUnreadable()).toHaveLength(1);
    expect((await purgeExpired(store, '/nonexistent', POLICY, after(31)))?.unreadableMessages).toBe(
      1,
    );
    expect(await store.leads.listUnreadable()).toEqual([]);
  });
});
