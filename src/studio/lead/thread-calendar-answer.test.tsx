import { within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { detailOf } from '../testing/mock-studio-api';
import { ANN, openLeadThread, threadMessage } from '../testing/lead-thread';

it("says in words what the person's calendar answered to the call's invitation", async () => {
  const thread = await openLeadThread({
    ...detailOf(ANN, null),
    thread: [
      threadMessage({ id: 'm-1', text: '', calendarAnswer: 'accepted' }),
      threadMessage({
        id: 'm-2',
        at: '2026-11-24T12:00:00.000Z',
        text: 'Something came up, sorry.',
        calendarAnswer: 'declined',
      }),
      threadMessage({ id: 'm-3', at: '2026-11-25T12:00:00.000Z', text: 'Tuesday works.' }),
    ],
  });

  const [accepted, declined, plain] = within(thread).getAllByRole('article', {
    name: 'Their answer',
  });
  expect(accepted).toHaveTextContent('Accepted the invitation to the call');
  expect(declined).toHaveTextContent(/Declined the invitation to the call.*Something came up/);
  expect(plain).not.toHaveTextContent(/invitation/);
});
