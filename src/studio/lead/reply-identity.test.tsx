import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '../../../common/leads';
import type { MailboxState } from '../../../common/studio-settings';
import type { EnquiryDetail } from '../api/types';
import { detailOf, ENQUIRIES, json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];
const STUDIO = 'hello@emberandink.example';

function outgoing(change: Partial<ThreadMessage> & Pick<ThreadMessage, 'id'>): ThreadMessage {
  return {
    direction: 'out',
    from: STUDIO,
    fromName: 'Sam Rivera at Ember & Ink',
    to: ANN.email,
    cc: [],
    at: '2026-11-23T12:00:00.000Z',
    subject: 'Re: Your enquiry to Ember & Ink',
    text: 'Happy to help.',
    isAcknowledgement: false,
    state: 'sent',
    reason: null,
    isThirdParty: false,
    isThroughTheSite: false,
    isTruncated: false,
    isVerified: null,
    calendarAnswer: null,
    attachments: [],
    ...change,
  };
}

function openWith(mailbox: MailboxState, thread: ThreadMessage[] = []) {
  const detail: EnquiryDetail = { ...detailOf(ANN, null), thread };
  const api = mockStudioApi({
    'GET me': () => json(200, ME),
    [`GET leads/${ANN.id}`]: () => json(200, detail),
    'GET mailbox': () => json(200, mailbox),
    [`POST leads/${ANN.id}/replies`]: () =>
      json(201, { id: 'm-9', messageId: '<reply-m-9@emberandink.example>', state: 'queued' }),
  });
  return { api, ...renderStudio(`/studio?view=lead&id=${ANN.id}`) };
}

const NO_MAILBOX: MailboxState = {
  connected: false,
  address: STUDIO,
  lastCheckedAt: null,
  error: null,
};

describe('replies in a person’s name', () => {
  it('says where answers arrive without a mailbox, instead of promising they come back', async () => {
    openWith(NO_MAILBOX);
    const hint = await screen.findByText(/their answer will arrive at hello@emberandink\.example/);
    expect(hint).toHaveTextContent('not here');
    expect(screen.queryByText(/comes back into this conversation/)).toBeNull();
    expect(screen.getByTestId('mailbox-line')).toHaveTextContent(
      'No mailbox is connected: clients’ answers arrive at hello@emberandink.example, not here.',
    );
  });

  it('says the mailbox is connected and when it was last read, or why it cannot be', async () => {
    openWith({
      connected: true,
      address: 'reply@emberandink.example',
      lastCheckedAt: '2026-11-26T15:45:00.000Z',
      error: null,
    });
    expect(await screen.findByText(/comes back into this conversation/)).toBeVisible();
    const line = screen.getByTestId('mailbox-line');
    expect(line).toHaveTextContent('Answers to reply@emberandink.example come back here.');
    expect(within(line).getByText(/2026|Nov/)).toHaveAttribute(
      'datetime',
      '2026-11-26T15:45:00.000Z',
    );
  });

  it('shows why the mailbox cannot be read', async () => {
    openWith({ ...NO_MAILBOX, error: 'The mailbox refused the password.' });
    expect(await screen.findByTestId('mailbox-line')).toHaveTextContent(
      'The studio cannot read its mailbox, so answers do not come back here: The mailbox refused the password.',
    );
  });

  it('copies the addresses typed into CC, and shows who sent each message by name', async () => {
    const acknowledgement = outgoing({
      id: 'm-1',
      fromName: 'Ember & Ink',
      isAcknowledgement: true,
      text: 'Dear Ann, thank you.',
    });
    const reply = outgoing({ id: 'm-2', cc: ['partner@agency.example'] });
    const { api, user } = openWith(NO_MAILBOX, [acknowledgement, reply]);

    const thread = await screen.findByRole('region', { name: 'Conversation' });
    expect(within(thread).getByRole('article', { name: 'Our acknowledgement' })).toHaveTextContent(
      'From Ember & Ink to',
    );
    expect(within(thread).getByRole('article', { name: 'Our reply' })).toHaveTextContent(
      `From Sam Rivera at Ember & Ink to ${ANN.email} copying partner@agency.example`,
    );

    await user.type(screen.getByLabelText('Reply to Ann Lee'), 'Here is the plan.');
    await user.type(
      screen.getByLabelText('Copy to (optional)'),
      'partner@agency.example, ops@agency.example',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Reply queued/);
    expect(api.callsTo(`POST leads/${ANN.id}/replies`)[0]?.body).toEqual({
      text: 'Here is the plan.',
      cc: ['partner@agency.example', 'ops@agency.example'],
    });
    expect(screen.getByLabelText('Copy to (optional)')).toHaveValue('');
  });
});

describe('the inbox', () => {
  it('says whether the mailbox is connected', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      'GET mailbox': () => json(200, { ...NO_MAILBOX, error: 'The mailbox refused the password.' }),
    });
    renderStudio('/studio');
    expect(await screen.findByTestId('mailbox-line')).toHaveTextContent(
      'The studio cannot read its mailbox',
    );
  });
});

describe('attaching files to a reply', () => {
  it('sends the reply as a form carrying the chosen files', async () => {
    const { api, user } = openWith(NO_MAILBOX);
    await user.type(await screen.findByLabelText('Reply to Ann Lee'), 'The proposal.');
    const proposal = new File(['%PDF-1.7'], 'proposal.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Attach files (optional)'), proposal);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Reply queued/);
    const body = api.callsTo(`POST leads/${ANN.id}/replies`)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('text')).toBe('The proposal.');
    expect((form.get('files') as File).name).toBe('proposal.pdf');
  });

  it('refuses files over 10 MB in all before sending anything', async () => {
    const { api, user } = openWith(NO_MAILBOX);
    await user.type(await screen.findByLabelText('Reply to Ann Lee'), 'Big.');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.bin');
    await user.upload(screen.getByLabelText('Attach files (optional)'), big);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/over 10 MB in all/)).toBeVisible();
    expect(api.callsTo(`POST leads/${ANN.id}/replies`)).toHaveLength(0);
  });
});
