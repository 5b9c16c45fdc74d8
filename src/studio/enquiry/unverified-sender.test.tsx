import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '../../../common/leads';
import type { EnquiryDetail } from '../api/types';
import { detailOf, ENQUIRIES, json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];

function answer(id: string, text: string, isVerified: boolean): ThreadMessage {
  return {
    id,
    direction: 'in',
    from: ANN.email,
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
    isTruncated: false,
    isVerified,
    attachments: [],
  };
}

function openWith(change: Partial<EnquiryDetail>) {
  const detail = { ...detailOf(ANN, null), ...change };
  mockStudioApi({
    'GET me': () => json(200, ME),
    [`GET enquiries/${ANN.id}`]: () => json(200, detail),
    'GET staff': () => json(200, { items: [] }),
    'GET saved-replies': () => json(200, { items: [] }),
  });
  renderStudio(`/studio?view=enquiry&id=${ANN.id}`);
  return screen.findByRole('region', { name: 'Conversation' });
}

describe('an answer whose sender is not verified', () => {
  it('is labelled as from an unverified sender, apart from the client’s own answers', async () => {
    const thread = await openWith({
      thread: [answer('m-1', 'Tuesday works.', true), answer('m-2', 'Pay to this account.', false)],
    });

    const real = within(thread).getByRole('article', { name: 'Their answer' });
    const forged = within(thread).getByRole('article', {
      name: 'Answer from an unverified sender',
    });
    expect(within(forged).getByText('Unverified sender')).toBeVisible();
    expect(forged).toHaveTextContent(
      `did not confirm that this came from ${ANN.email}: anyone can write an address as the sender`,
    );
    expect(forged).toHaveTextContent('Pay to this account.');
    expect(within(real).queryByText('Unverified sender')).not.toBeInTheDocument();
    expect(forged.closest('li')?.className).not.toBe(real.closest('li')?.className);
    expect(within(thread).queryByText(/Senders are not verified/)).not.toBeInTheDocument();
  });

  it('is every answer when the server verifies no sender, and the conversation says so', async () => {
    const thread = await openWith({
      canVerifySenders: false,
      thread: [answer('m-1', 'Tuesday works.', false)],
    });

    expect(thread).toHaveTextContent(
      /Senders are not verified: .*IMAP_AUTHSERV_ID.* every answer here could have been written by anyone/,
    );
    expect(
      within(thread).getByRole('article', { name: 'Answer from an unverified sender' }),
    ).toBeVisible();
  });
});
