import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnquiryDetail } from '../api/types';
import { ANN, openLeadThread, threadMessage } from '../testing/lead-thread';
import { detailOf } from '../testing/mock-studio-api';

const answer = (id: string, text: string, isVerified: boolean) =>
  threadMessage({ id, text, isVerified });

const openWith = (change: Partial<EnquiryDetail>) =>
  openLeadThread({ ...detailOf(ANN, null), ...change });

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
