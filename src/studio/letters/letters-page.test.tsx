import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Letter, LetterListItem } from '../../../common/letters';
import { expectFocused } from '../testing/expect-focused';
import { json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const counts = (sent: number, left: number) => ({
  recipients: sent + left + 2,
  sent,
  failed: 0,
  bounced: 2,
  left,
});

const SENDING: LetterListItem = {
  id: 'l-3',
  slug: 'winter-notes',
  subject: 'Winter notes',
  state: 'sending',
  sendAt: null,
  sentAt: null,
  counts: counts(98, 100),
};
const SENT: LetterListItem = {
  id: 'l-2',
  slug: 'autumn-notes',
  subject: 'Autumn notes',
  state: 'sent',
  sendAt: null,
  sentAt: '2026-10-01T09:00:00.000Z',
  counts: counts(310, 0),
};
const SCHEDULED: LetterListItem = {
  id: 'l-1',
  slug: 'spring-notes',
  subject: 'Spring notes',
  state: 'scheduled',
  sendAt: '2027-03-01T08:00:00.000Z',
  sentAt: null,
  counts: counts(0, 0),
};

const rowOf = (subject: string): HTMLElement => {
  const row = screen.getByRole('link', { name: subject }).closest('li');
  if (row === null) throw new Error(`No row for ${subject}`);
  return row;
};

describe('the letters', () => {
  it('lists each letter with its state, its dates and how far it has gone', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      'GET letters': () => json(200, { items: [SENDING, SENT, SCHEDULED] }),
    });
    renderStudio('/studio?view=letters');

    expect(await screen.findByText('3 letters. One letter is being sent.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Letters' })).toHaveAttribute('aria-current', 'page');
    expect(rowOf('Winter notes')).toHaveTextContent(
      'Sending98 sent · 0 failed · 2 bounced · 100 left',
    );
    expect(rowOf('Autumn notes')).toHaveTextContent(/Sent · Sent on Oct 1, 2026/);
    expect(
      within(rowOf('Autumn notes')).getByText('310 sent · 0 failed · 2 bounced · 0 left'),
    ).toBeVisible();
    expect(rowOf('Spring notes')).toHaveTextContent(/Scheduled · Sends on Mar 1, 2027/);
    expect(rowOf('Spring notes')).not.toHaveTextContent(/left/);
    expect(screen.getByRole('link', { name: 'Spring notes' })).toHaveAttribute(
      'href',
      '/studio?view=letter&id=l-1',
    );
  });

  it('follows a sending letter, with the time it still needs, until it is sent', async () => {
    const answers = [
      [SENDING],
      [{ ...SENDING, counts: counts(158, 40) }],
      [{ ...SENDING, state: 'sent', sentAt: '2026-11-29T14:00:00.000Z', counts: counts(198, 0) }],
    ];
    const api = mockStudioApi({
      'GET me': () => json(200, ME),
      'GET letters': () => json(200, { items: answers.shift() ?? answers.at(-1) }),
    });
    renderStudio('/studio?view=letters');
    expect(await screen.findByText('98 sent · 0 failed · 2 bounced · 100 left')).toBeVisible();

    // 60 copies in one poll's interval, 40 left: less than a minute to go.
    expect(
      await screen.findByText(/40 left\. About a minute to go\./, undefined, { timeout: 15_000 }),
    ).toBeVisible();
    expect(await screen.findByText(/Sent on/, undefined, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByText('1 letter')).toBeVisible();
    expect(api.callsTo('GET letters')).toHaveLength(3);
  });

  it('starts a new letter from its subject and opens it', async () => {
    const created: Letter = {
      ...SCHEDULED,
      id: 'l-9',
      slug: 'a-new-year',
      subject: 'A new year',
      state: 'draft',
      sendAt: null,
      preview: '',
      body: '',
    };
    const api = mockStudioApi({
      'GET me': () => json(200, ME),
      'GET letters': () => json(200, { items: [] }),
      'POST letters': () => json(201, { id: 'l-9', slug: 'a-new-year', state: 'draft' }),
      'GET letters/l-9': () => json(200, created),
      'POST letters/preview': () => json(200, { html: '<p>A new year</p>', text: 'A new year' }),
    });
    const { user } = renderStudio('/studio?view=letters');
    expect(await screen.findByText('No letters yet. Start one with “New letter”.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'New letter' }));
    await user.type(await expectFocused(screen.getByLabelText('Subject')), 'A new year');
    await user.click(screen.getByRole('button', { name: 'Start writing' }));

    await expectFocused(screen.findByRole('heading', { level: 1, name: 'A new year' }));
    expect(api.callsTo('POST letters')[0]?.body).toEqual({ subject: 'A new year', body: '' });
    expect(screen.getByLabelText('The letter')).toHaveValue('');
  });
});
