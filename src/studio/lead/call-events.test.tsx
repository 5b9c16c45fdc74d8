import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallEvent } from '../../../common/leads';
import { ANN, openLeadThread, threadMessage } from '../testing/lead-thread';
import { detailOf } from '../testing/mock-studio-api';

const ANSWER = threadMessage({
  id: 'm-1',
  subject: 'Re: Your call with Ember & Ink',
  text: 'Could we bring our designer along?',
});

function event(change: Partial<CallEvent> & Pick<CallEvent, 'id' | 'kind' | 'at'>): CallEvent {
  return {
    bookingId: 'b-1',
    byStaff: null,
    start: '2026-11-30T15:00:00.000Z',
    end: '2026-11-30T15:30:00.000Z',
    from: null,
    text: '',
    ...change,
  };
}

const EVENTS: CallEvent[] = [
  event({ id: 'c-1', kind: 'booked', at: '2026-11-23T11:00:00.000Z', text: 'About our cider.' }),
  event({
    id: 'c-2',
    kind: 'moved',
    at: '2026-11-23T13:00:00.000Z',
    start: '2026-12-01T10:00:00.000Z',
    end: '2026-12-01T10:30:00.000Z',
    from: { start: '2026-11-30T15:00:00.000Z', end: '2026-11-30T15:30:00.000Z' },
  }),
  event({
    id: 'c-3',
    kind: 'cancelled',
    at: '2026-11-23T14:00:00.000Z',
    start: '2026-12-01T10:00:00.000Z',
    end: '2026-12-01T10:30:00.000Z',
    byStaff: 'Mara Quinn',
    text: 'We are away that week, sorry.',
  }),
];

const openThread = () =>
  openLeadThread({ ...detailOf(ANN, null), thread: [ANSWER], callEvents: EVENTS });

describe("a lead's calls in its thread", () => {
  it('tells each change at its time among the messages, in the studio’s words and zone', async () => {
    const thread = await openThread();
    const items = within(thread).getAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Call booked',
      'Their answer',
      'Call moved',
      'Call cancelled',
    ]);
    const [booked, , moved, cancelled] = items;
    expect(booked).toHaveTextContent('Call booked for Nov 30, 2026, 3:00 PM–3:30 PM');
    expect(booked).toHaveTextContent('Their note: About our cider.');
    expect(moved).toHaveTextContent(
      'Call moved from Nov 30, 2026, 3:00 PM–3:30 PM to Dec 1, 2026, 10:00 AM–10:30 AM by the visitor',
    );
    expect(cancelled).toHaveTextContent(
      'Call of Dec 1, 2026, 10:00 AM–10:30 AM cancelled by Mara Quinn',
    );
    expect(cancelled).toHaveTextContent('Our words to them: We are away that week, sorry.');
  });
});
