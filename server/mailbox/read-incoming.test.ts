import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { calendarReplyMessage } from '../../tests/server/helpers/calendar-reply';
import { rawMessage } from '../../tests/server/helpers/raw-message';
import { bookingMessageId } from '../mail/compose-booking-email';
import { readIncoming } from './read-incoming';

const DOMAIN = 'emberandink.example';
const keys = { messageDomain: DOMAIN, tokenHashesIn: () => [] };

const read = (raw: string) =>
  readIncoming(Buffer.from(raw), { isTruncated: false, keys, now: new Date() });

it('reads the call an answer names by the Message-ID of our email about it', async () => {
  const bookingId = randomUUID();
  const invitation = bookingMessageId(bookingId, randomUUID(), `Ember & Ink <website@${DOMAIN}>`);
  const answer = await read(
    rawMessage({ From: 'ann@example.com', 'In-Reply-To': invitation }, 'See you then.'),
  );
  expect(answer).toMatchObject({ bookingIds: [bookingId], isAnswerToUs: true });

  const viaReferences = await read(
    rawMessage({ From: 'ann@example.com', References: `<x@y.example> ${invitation}` }, 'Hi'),
  );
  expect(viaReferences.bookingIds).toEqual([bookingId]);
});

it("reads no call from another domain's Message-ID, nor from one of ours that names none", async () => {
  const bookingId = randomUUID();
  const elsewhere = await read(
    rawMessage({ 'In-Reply-To': `<booking-${bookingId}.1@else.example>` }, 'Hi'),
  );
  expect(elsewhere).toMatchObject({ bookingIds: [], isAnswerToUs: false });

  const oldStyle = await read(
    rawMessage({ 'In-Reply-To': `<booking-${randomUUID()}@${DOMAIN}>` }, 'Hi'),
  );
  expect(oldStyle).toMatchObject({ bookingIds: [], isAnswerToUs: true });

  const forged = await read(
    rawMessage({ 'In-Reply-To': `<booking-'; drop table bookings;--.1@${DOMAIN}>` }, 'Hi'),
  );
  expect(forged.bookingIds).toEqual([]);
});

it("reads a calendar's answer carried in a text/calendar part", async () => {
  const uid = `${randomUUID()}@booking.emberandink`;
  const message = await read(
    calendarReplyMessage({
      from: 'Ann@Example.com',
      to: `hello@${DOMAIN}`,
      uid,
      partstat: 'ACCEPTED',
    }),
  );
  expect(message).toMatchObject({
    calendarReply: { uid, attendee: 'ann@example.com', answer: 'accepted' },
    isAnswerToUs: false,
    text: 'Ann@Example.com has answered this invitation.',
  });
});

it('reads a calendar reply sent as the whole message, with method=REPLY in its content type', async () => {
  const uid = `${randomUUID()}@booking.emberandink`;
  const whole = calendarReplyMessage({
    from: 'ann@example.com',
    to: 'x',
    uid,
    partstat: 'DECLINED',
  });
  const calendar = whole.slice(whole.indexOf('BEGIN:VCALENDAR'), whole.indexOf('END:VCALENDAR'));
  const raw = rawMessage(
    { From: 'ann@example.com', 'Content-Type': 'text/calendar; method=REPLY; charset=utf-8' },
    `${calendar}END:VCALENDAR`,
  );
  expect((await read(raw)).calendarReply).toEqual({
    uid,
    attendee: 'ann@example.com',
    answer: 'declined',
  });
  expect((await read(rawMessage({ From: 'ann@example.com' }, 'Plain.'))).calendarReply).toBe(null);
});
