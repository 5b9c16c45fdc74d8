import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Letter, LetterDraft } from '../../../common/letters';
import type { Me, SubscriberPage } from '../api/types';
import { expectFocused } from '../testing/expect-focused';
import { json, ME, mockStudioApi, refusal, type RecordedCall } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const DRAFT: Letter = {
  id: 'l-1',
  slug: 'winter-notes',
  subject: 'Winter notes',
  preview: '',
  body: 'Dear reader,',
  state: 'draft',
  sendAt: null,
  sentAt: null,
  counts: { recipients: 0, sent: 0, failed: 0, bounced: 0, left: 0 },
};

const MEMBER: Me = {
  ...ME,
  staff: { ...ME.staff, email: 'ivo@emberandink.example', name: 'Ivo Grant', role: 'member' },
};

const SUBSCRIBERS: SubscriberPage = {
  items: [],
  nextCursor: null,
  counts: { held: 3, pending: 5, confirmed: 42, unsubscribed: 7, bounced: 1, complained: 0 },
};

/** The email as the server would draw it: the words, in a page of their own. */
const drawn = (call: RecordedCall) => {
  const { subject, body } = call.body as LetterDraft;
  return json(200, { html: `<h1>${subject}</h1><p>${body}</p>`, text: `${subject}\n${body}` });
};

function letterApi(handlers: Parameters<typeof mockStudioApi>[0] = {}, me: Me = ME) {
  return mockStudioApi({
    'GET me': () => json(200, me),
    'GET letters/l-1': () => json(200, DRAFT),
    'PATCH letters/l-1': () => new Response(null, { status: 204 }),
    'POST letters/preview': drawn,
    'GET subscribers': () => json(200, SUBSCRIBERS),
    'POST letters/l-1/test': () => new Response(null, { status: 202 }),
    'POST letters/l-1/send': () => json(202, { state: 'sending', recipients: 42 }),
    ...handlers,
  });
}

const openDraft = () => renderStudio('/studio?view=letter&id=l-1');

describe('a draft letter', () => {
  it('keeps the words typed when a save fails, says so, and saves them when the server is back', async () => {
    let isServerDown = true;
    const api = letterApi({
      'PATCH letters/l-1': () =>
        isServerDown ? refusal(503, 'unavailable') : new Response(null, { status: 204 }),
    });
    const { user, unmount } = openDraft();
    const body = await screen.findByLabelText('The letter');
    await user.type(body, ' the kiln is lit.');

    expect(
      await screen.findByText(/^Not saved: .*Your words are kept in this tab/, undefined, {
        timeout: 15_000,
      }),
    ).toBeVisible();
    expect(body).toHaveValue('Dear reader, the kiln is lit.');

    // Closed and opened again while the server still fails: the words come back from the tab.
    unmount();
    openDraft();
    expect(await screen.findByLabelText('The letter')).toHaveValue('Dear reader, the kiln is lit.');
    expect(await screen.findByText(/^Not saved: /, undefined, { timeout: 15_000 })).toBeVisible();

    // Nothing more is typed: the save is tried again by itself.
    isServerDown = false;
    expect(
      await screen.findByText('All changes saved.', undefined, { timeout: 15_000 }),
    ).toBeVisible();
    expect(api.callsTo('PATCH letters/l-1').at(-1)?.body).toEqual({
      subject: 'Winter notes',
      preview: '',
      body: 'Dear reader, the kiln is lit.',
    });
  });

  it('shows the email the words make, at a phone’s width or a desktop’s, light or dark', async () => {
    letterApi();
    const { user } = openDraft();
    await user.type(await screen.findByLabelText('The letter'), ' Snow came early.');

    const frame = await screen.findByTitle('The letter as an email client shows it');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('Snow came early.'));
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(frame).toHaveStyle({ width: '390px', colorScheme: 'light' });

    await user.click(screen.getByLabelText('Desktop (600 px)'));
    await user.click(screen.getByLabelText('Dark'));
    expect(frame).toHaveStyle({ width: '600px', colorScheme: 'dark' });
  });

  it('lets a member write and test a letter, but not send it', async () => {
    const api = letterApi({}, MEMBER);
    const { user } = openDraft();

    const sendNow = await screen.findByRole('button', { name: 'Send now' });
    expect(sendNow).toBeDisabled();
    expect(sendNow).toHaveAccessibleDescription('Only an owner can send a letter.');
    expect(screen.getByRole('button', { name: 'Send at…' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('Sent to ivo@emberandink.example.')).toBeVisible();
    expect(api.callsTo('POST letters/l-1/test')).toHaveLength(1);
    expect(api.callsTo('POST letters/l-1/send')).toHaveLength(0);
  });

  it('sends to the subscribers only once the owner has said yes to their number', async () => {
    const api = letterApi();
    const { user } = openDraft();
    await user.type(await screen.findByLabelText('Subject'), ' from the studio');
    await user.click(screen.getByRole('button', { name: 'Send now' }));

    const question = await screen.findByRole('group', { name: /Send this letter now to 42/ });
    await expectFocused(within(question).getByRole('button', { name: 'Yes, send it now' }));
    await user.click(within(question).getByRole('button', { name: 'Not yet' }));
    await expectFocused(screen.getByRole('button', { name: 'Send now' }));
    expect(api.callsTo('POST letters/l-1/send')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, send it now' }));

    await expectFocused(screen.findByText('Sending to 42 subscribers.'));
    expect(api.callsTo('POST letters/l-1/send')[0]?.body).toEqual({});
    // The words on screen were saved before the letter left.
    const routes = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(routes.lastIndexOf('PATCH letters/l-1')).toBeLessThan(
      routes.indexOf('POST letters/l-1/send'),
    );
    expect(api.callsTo('PATCH letters/l-1').at(-1)?.body).toMatchObject({
      subject: 'Winter notes from the studio',
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Winter notes');
    expect(screen.getByText('Sending', { selector: 'span' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeVisible();
    expect(screen.queryByLabelText('The letter')).not.toBeInTheDocument();
  });

  it('sends at a time of the studio’s clock, named in the question', async () => {
    const api = letterApi({
      'POST letters/l-1/send': () => json(202, { state: 'scheduled', recipients: 42 }),
    });
    const { user } = openDraft();
    await user.click(await screen.findByRole('button', { name: 'Send at…' }));
    const date = await expectFocused(screen.getByLabelText('Date'));
    await user.clear(date);
    await user.type(date, '2027-01-15');
    const time = screen.getByLabelText('Time (UTC)');
    await user.clear(time);
    await user.type(time, '09:00');
    await user.click(screen.getByRole('button', { name: 'Choose this time' }));

    await screen.findByRole('group', {
      name: /Send this letter on Jan 15, 2027, 9:00 AM to every subscriber confirmed by then \(42 subscribers today\)/,
    });
    await user.click(screen.getByRole('button', { name: 'Yes, send it then' }));

    await expectFocused(screen.findByText(/^Scheduled for Jan 15, 2027, 9:00 AM/));
    expect(api.callsTo('POST letters/l-1/send')[0]?.body).toEqual({
      at: '2027-01-15T09:00:00.000Z',
    });
    expect(screen.getByRole('button', { name: 'Cancel the letter' })).toBeVisible();
  });
});

describe('a letter that has left the drafts', () => {
  it('is cancelled only once the question is answered yes', async () => {
    const sending = { ...DRAFT, state: 'sending', counts: { ...DRAFT.counts, left: 40 } };
    const api = letterApi({
      'GET letters/l-1': () => json(200, sending),
      'POST letters/l-1/cancel': () => json(200, { state: 'cancelled' }),
    });
    const { user } = openDraft();
    await user.click(await screen.findByRole('button', { name: 'Cancel the letter' }));
    const question = screen.getByRole('group', { name: /^Cancel this letter\?/ });
    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    await expectFocused(screen.getByRole('button', { name: 'Cancel the letter' }));
    expect(api.callsTo('POST letters/l-1/cancel')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel the letter' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await expectFocused(screen.findByText('Cancelled: no more copies will leave.'));
    expect(api.callsTo('POST letters/l-1/cancel')).toHaveLength(1);
    expect(screen.getByText('Cancelled', { selector: 'span' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('is read, not edited, with its page on the site', async () => {
    const api = letterApi({
      'GET letters/l-1': () =>
        json(200, {
          ...DRAFT,
          state: 'sent',
          sentAt: '2026-11-20T10:00:00.000Z',
          counts: { recipients: 40, sent: 38, failed: 1, bounced: 1, left: 0 },
        }),
    });
    openDraft();
    expect(await screen.findByText('38 sent · 1 failed · 1 bounced · 0 left')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Read it on the site' })).toHaveAttribute(
      'href',
      '/letters/winter-notes',
    );
    expect(screen.queryByLabelText('The letter')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST letters/preview')[0]?.body).toEqual({
        subject: 'Winter notes',
        preview: '',
        body: 'Dear reader,',
      }),
    );
  });
});
