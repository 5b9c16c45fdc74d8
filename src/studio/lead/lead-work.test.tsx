import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnquiryDetail } from '../api/types';
import { expectFocused } from '../testing/expect-focused';
import {
  detailOf,
  ENQUIRIES,
  json,
  ME,
  mockStudioApi,
  noContent,
  refusal,
} from '../testing/mock-studio-api';
import { threadMessage } from '../testing/lead-thread';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];
const SENT = { state: 'sent', attempts: 1, lastError: null, sentAt: ANN.receivedAt } as const;
const STUDIO = 'website@emberandink.example';

const message = threadMessage;

const OUR_REPLY = message({
  id: 'm-1',
  direction: 'out',
  from: STUDIO,
  to: ANN.email,
  at: '2026-11-23T11:00:00.000Z',
  text: 'Thank you! When could we talk?',
  state: 'sent',
});
const THEIR_ANSWER = message({
  id: 'm-2',
  text: 'Tuesday works.\n<b>Not bold</b>',
  attachments: [{ id: 'a-1', name: 'brief.pdf', size: 245_760, type: 'application/pdf' }],
});
const STRANGER = message({
  id: 'm-3',
  from: 'someone@elsewhere.example',
  at: '2026-11-23T13:00:00.000Z',
  text: 'Please add me to this.',
  isThirdParty: true,
  isTruncated: true,
});
const FAILED = message({
  id: 'm-4',
  direction: 'out',
  from: STUDIO,
  to: ANN.email,
  at: '2026-11-23T14:00:00.000Z',
  text: 'Are you still there?',
  state: 'failed',
  reason: '550 5.1.1 mailbox unavailable',
});

const LEAD: EnquiryDetail = {
  ...detailOf({ ...ANN, status: 'read' }, SENT),
  stage: 'contacted',
  owner: ME.staff.email,
  notes: [
    { id: 'n-1', by: ME.staff.email, at: '2026-11-23T11:30:00.000Z', text: 'Call on Tuesday.' },
  ],
  thread: [OUR_REPLY, THEIR_ANSWER, STRANGER, FAILED],
};

const STAFF = {
  items: [
    { email: ME.staff.email, name: ME.staff.name },
    { email: 'theo@emberandink.example', name: 'Theo Marsh' },
  ],
};
const SAVED = { items: [{ title: 'Call?', text: 'Could we call you this week?' }] };

function leadApi(detail: EnquiryDetail, handlers: Parameters<typeof mockStudioApi>[0] = {}) {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    [`GET leads/${detail.id}`]: () => json(200, detail),
    'GET staff': () => json(200, STAFF),
    'GET saved-replies': () => json(200, SAVED),
    // Drafts are kept as typed: enquiry-drafts.test.tsx follows them.
    [`GET leads/${detail.id}/drafts`]: () => json(200, { items: [] }),
    [`PUT leads/${detail.id}/drafts/reply`]: (call) => json(200, call.body),
    [`PUT leads/${detail.id}/drafts/note`]: (call) => json(200, call.body),
    [`DELETE leads/${detail.id}/drafts/reply`]: () => noContent(),
    [`DELETE leads/${detail.id}/drafts/note`]: () => noContent(),
    ...handlers,
  });
}

const openAnn = () => renderStudio(`/studio?view=lead&id=${ANN.id}`);

// Typing whole replies and waiting for the thread's next look take seconds on a busy machine.
describe('an enquiry as a lead', () => {
  it('shows the thread in order, as text, with who wrote, states, third parties and files', async () => {
    leadApi(LEAD);
    openAnn();

    const thread = await screen.findByRole('region', { name: 'Conversation' });
    const messages = within(thread)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('article'));
    expect(
      messages.map((item) => item.querySelector('p:last-of-type')?.textContent ?? ''),
    ).toHaveLength(4);
    const [ours, theirs, stranger, failed] = messages as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(ours).toHaveTextContent(`From ${STUDIO} to ${ANN.email}`);
    expect(within(ours).getByText('Sent')).toBeVisible();
    expect(within(ours).getByRole('article', { name: 'Our reply' })).toBeVisible();
    expect(within(theirs).getByRole('article', { name: 'Their answer' })).toBeVisible();
    expect(within(theirs).getByText(/<b>Not bold<\/b>/)).toBeVisible();
    expect(theirs.querySelector('b')).toBeNull();
    const file = within(theirs).getByRole('link', { name: 'brief.pdf (240 KB)' });
    expect(file).toHaveAttribute('href', `/api/studio/leads/${ANN.id}/attachments/a-1`);
    expect(file).toHaveAttribute('download', 'brief.pdf');
    expect(within(stranger).getByText('Third party')).toBeVisible();
    expect(stranger).toHaveTextContent(
      'From someone other than the address that sent the enquiry.',
    );
    expect(stranger).toHaveTextContent(/bigger than the studio keeps/);
    expect(within(failed).getByText('Not sent')).toBeVisible();
    expect(failed).toHaveTextContent('550 5.1.1 mailbox unavailable');
    expect(ours.querySelector('time')).toHaveAttribute('datetime', OUR_REPLY.at);
  });

  it('sends a reply that appears at once as queued, then as sent, and says so where focus is', async () => {
    const queued = message({
      ...OUR_REPLY,
      id: 'm-9',
      text: 'Could we call you this week?',
      state: 'queued',
    });
    let detail: EnquiryDetail = { ...LEAD, thread: [] };
    const api = leadApi(detail, {
      [`GET leads/${ANN.id}`]: () => json(200, detail),
      [`POST leads/${ANN.id}/replies`]: () => {
        detail = { ...LEAD, stage: 'contacted', thread: [queued] };
        return json(201, {
          id: 'm-9',
          messageId: '<reply-m-9@emberandink.example>',
          state: 'queued',
        });
      },
    });
    const { user } = openAnn();

    await user.selectOptions(await screen.findByLabelText('Saved reply'), 'Call?');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    const box = screen.getByLabelText('Reply to Ann Lee');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('Could we call you this week?');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const status = await expectFocused(screen.findByText(/Reply queued/));
    expect(status).toHaveRole('status');
    expect(api.callsTo(`POST leads/${ANN.id}/replies`)[0]?.body).toEqual({
      text: 'Could we call you this week?',
      cc: [],
    });
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(within(thread).getByText('Queued')).toBeVisible();
    expect(box).toHaveValue('');

    detail = { ...detail, thread: [{ ...queued, state: 'sent' }] };
    // The page looks again 2 s after a reply is queued: a generous deadline for a busy machine.
    await waitFor(() => expect(within(thread).getByText('Sent')).toBeVisible(), {
      timeout: 10_000,
    });
    expect(status).toHaveTextContent('Your reply was sent.');
  });

  it('keeps the text and says why when a reply is refused', async () => {
    leadApi(LEAD, { [`POST leads/${ANN.id}/replies`]: () => refusal(404, 'not_found') });
    const { user } = openAnn();
    await user.type(await screen.findByLabelText('Reply to Ann Lee'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await expectFocused(screen.findByText(/This was not found/));
    expect(screen.getByLabelText('Reply to Ann Lee')).toHaveValue('Hello there');
  });

  it('sets stage, owner and follow-up together, and says what was saved, the owner by name', async () => {
    const api = leadApi(LEAD, {
      [`PATCH leads/${ANN.id}`]: ({ body }) => json(200, body),
    });
    const { user } = openAnn();
    const form = await screen.findByRole('form', { name: 'Lead' });
    expect(within(form).getByLabelText('Stage')).toHaveValue('contacted');
    await user.selectOptions(within(form).getByLabelText('Stage'), 'proposal');
    // The staff to choose from arrive after the form: wait for the one to choose.
    await within(form).findByRole('option', { name: 'Theo Marsh' });
    await user.selectOptions(within(form).getByLabelText('Owner'), 'theo@emberandink.example');
    // A date field's picker is the browser's own: choosing a day fires `input`, and the value
    // is what the studio sends.
    fireEvent.input(within(form).getByLabelText('Follow up on'), {
      target: { value: '2026-12-01' },
    });
    expect(api.callsTo(`PATCH leads/${ANN.id}`)).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Save lead' }));

    await expectFocused(
      screen.findByText('Saved: Proposal, Theo Marsh, follow up on Dec 1, 2026.'),
    );
    expect(api.callsTo(`PATCH leads/${ANN.id}`)[0]?.body).toEqual({
      stage: 'proposal',
      owner: 'theo@emberandink.example',
      followUpOn: '2026-12-01',
      value: null,
    });
  });

  it('sets what the lead is worth, and says before sending when the amount cannot be one', async () => {
    const api = leadApi(LEAD, {
      [`PATCH leads/${ANN.id}`]: ({ body }) => json(200, body),
    });
    const { user } = openAnn();
    const form = await screen.findByRole('form', { name: 'Lead' });
    const amount = within(form).getByRole('textbox', { name: 'Value' });
    await user.selectOptions(within(form).getByLabelText('Currency'), 'GBP');
    await user.type(amount, '12000.505');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/at most the decimals GBP has/);
    await user.click(within(form).getByRole('button', { name: 'Save lead' }));
    await expectFocused(Promise.resolve(amount));
    expect(api.callsTo(`PATCH leads/${ANN.id}`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '12,000.50');
    expect(amount).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(form).getByRole('button', { name: 'Save lead' }));
    await waitFor(() => expect(api.callsTo(`PATCH leads/${ANN.id}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH leads/${ANN.id}`)[0]?.body).toMatchObject({
      value: { amount: 12000.5, currency: 'GBP' },
    });
    expect(amount).toHaveValue('12000.5');
  });

  it('keeps private notes with author (by name) and time, and adds one', async () => {
    leadApi(LEAD, {
      [`POST leads/${ANN.id}/notes`]: ({ body }) =>
        json(201, {
          id: 'n-2',
          by: ME.staff.email,
          at: '2026-11-24T09:00:00.000Z',
          ...(body as object),
        }),
    });
    const { user } = openAnn();
    const notes = await screen.findByRole('region', { name: 'Private notes' });
    expect(await within(notes).findByText(ME.staff.name)).toBeVisible();
    expect(notes).not.toHaveTextContent(ME.staff.email);
    expect(within(notes).getByText('Call on Tuesday.')).toBeVisible();
    await user.type(within(notes).getByLabelText('New note'), 'Sent the quote.');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));

    await expectFocused(within(notes).findByText('Note added.'));
    expect(within(notes).getByText('Sent the quote.')).toBeVisible();
    expect(within(notes).getByLabelText('New note')).toHaveValue('');
  });

  it('edits the saved replies the whole studio shares, refusing a duplicate title in words', async () => {
    const api = leadApi(LEAD, {
      'PUT saved-replies': ({ body }) => json(200, body),
    });
    const { user } = openAnn();
    await user.click(await screen.findByRole('button', { name: 'Edit saved replies' }));
    // The button is there before the saved replies arrive; the editor opens once they have.
    const editor = await screen.findByRole('form', { name: 'Saved replies' });
    await user.click(within(editor).getByRole('button', { name: 'Add a saved reply' }));
    const title = within(editor).getAllByLabelText('Title')[1] as HTMLElement;
    await expectFocused(title);
    await user.type(title, 'call?');
    await user.type(
      within(editor).getAllByLabelText('Text')[1] as HTMLElement,
      'Our prices start at 4,000 €.',
    );
    await user.click(within(editor).getByRole('button', { name: 'Save saved replies' }));
    await expectFocused(within(editor).findByText(/Not saved: each reply needs a title/));
    expect(api.callsTo('PUT saved-replies')).toHaveLength(0);

    await user.clear(title);
    await user.type(title, 'Prices');
    await user.click(within(editor).getByRole('button', { name: 'Save saved replies' }));
    await expectFocused(within(editor).findByText('Saved: 2 saved replies.'));
    expect(api.callsTo('PUT saved-replies')[0]?.body).toEqual({
      items: [SAVED.items[0], { title: 'Prices', text: 'Our prices start at 4,000 €.' }],
    });
    expect(screen.getByRole('option', { name: 'Prices' })).toBeInTheDocument();
  });
});
