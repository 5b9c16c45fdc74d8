import { describe, expect, it } from 'vitest';
import type { Lead, ThreadMessage } from '../../common/leads';
import { createStudioFormat } from '../../common/studio-format';
import { leadCells } from './lead-export';

function answer(id: string, text: string, isVerified: boolean): ThreadMessage {
  return {
    id,
    direction: 'in',
    from: 'ann@example.com',
    fromName: null,
    to: 'reply@emberandink.example',
    cc: [],
    at: '2026-11-23T12:00:00.000Z',
    subject: 'Re: Your enquiry',
    text,
    isAcknowledgement: false,
    state: 'received',
    reason: null,
    isThirdParty: false,
    isThroughTheSite: false,
    isTruncated: false,
    isVerified,
    calendarAnswer: null,
    attachments: [],
  };
}

const FORMAT = createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'UTC' });

describe('a lead in the CSV export', () => {
  it('gives its value as a plain amount and its currency, in their own columns', () => {
    const lead: Lead = {
      stage: 'won',
      owner: null,
      followUpOn: null,
      value: { amount: 12000.5, currency: 'GBP' },
      notes: [],
      thread: [],
      callEvents: [],
    };
    expect(leadCells(lead, FORMAT).slice(3, 5)).toEqual(['12000.5', 'GBP']);
  });

  it('says which answers came from an unverified sender, and which through the site', () => {
    const lead: Lead = {
      stage: 'contacted',
      owner: null,
      followUpOn: null,
      value: null,
      notes: [],
      thread: [
        answer('m-1', 'Tuesday works.', true),
        answer('m-2', 'Pay here.', false),
        { ...answer('e-2', 'Also a website?', false), to: '', isThroughTheSite: true },
      ],
      callEvents: [],
    };

    const thread = leadCells(lead, FORMAT).at(-1)?.split('\n\n');
    expect(thread).toEqual([
      '2026-11-23T12:00:00.000Z from ann@example.com [received]: Tuesday works.',
      '2026-11-23T12:00:00.000Z from ann@example.com [received, unverified sender]: Pay here.',
      '2026-11-23T12:00:00.000Z from ann@example.com [received, through the site, address not confirmed]: Also a website?',
    ]);
  });
});
