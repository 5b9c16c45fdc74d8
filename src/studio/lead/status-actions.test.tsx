import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryDetail, EnquiryStatus } from '../api/types';
import {
  detailOf,
  ENQUIRIES,
  FIRST_PAGE,
  json,
  ME,
  mockStudioApi,
  refusal,
} from '../testing/mock-studio-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];
const SENT = { state: 'sent', attempts: 1, lastError: null, sentAt: ANN.receivedAt } as const;

/** Each move from a status that shows it, and the words that say it was done. */
const MOVES: readonly { from: EnquiryStatus; button: string; said: string }[] = [
  { from: 'new', button: 'Mark as read', said: 'Marked as read.' },
  { from: 'read', button: 'Mark as unread', said: 'Marked as unread.' },
  { from: 'read', button: 'Archive', said: 'Marked as archived.' },
  { from: 'archived', button: 'Back to the inbox', said: 'Marked as read.' },
  { from: 'read', button: 'Mark as spam', said: 'Marked as spam.' },
  {
    from: 'spam',
    button: 'Not spam',
    said: 'Moved to the inbox. Its email to the studio is on its way.',
  },
];

/**
 * What each element held when it took focus. An empty status line is hidden, and a browser
 * does not focus a hidden element: focus taken before the words were drawn is focus lost.
 */
let focusedWith: string[] = [];
const remember = (event: FocusEvent) =>
  focusedWith.push((event.target as HTMLElement).textContent ?? '');
beforeEach(() => {
  focusedWith = [];
  document.addEventListener('focusin', remember);
});
afterEach(() => document.removeEventListener('focusin', remember));

function openEnquiry(from: EnquiryStatus, answer: (to: EnquiryStatus) => Response) {
  let detail = detailOf({ ...ANN, status: from }, from === 'spam' ? null : SENT);
  mockStudioApi({
    'GET me': () => json(200, ME),
    'GET leads': () => json(200, FIRST_PAGE),
    [`GET leads/${ANN.id}`]: () => json(200, detail),
    [`PATCH leads/${ANN.id}`]: ({ body }) => {
      const to = (body as { status: EnquiryStatus }).status;
      detail = { ...detail, status: to };
      return answer(to);
    },
  });
  return renderStudio(`/studio?view=lead&id=${ANN.id}`);
}

describe('moving an enquiry', () => {
  for (const { from, button, said } of MOVES) {
    it(`${button}: focus lands on "${said}"`, async () => {
      const { user } = openEnquiry(from, (to) => json(200, { ...ANN, status: to }));
      await user.click(await screen.findByRole('button', { name: button }));

      const line = await expectFocused(screen.findByText(said));
      expect(line).toHaveAttribute('role', 'status');
      expect(focusedWith.at(-1)).toBe(said);
    });
  }

  it('a refused move says why where focus lands, and the move can be tried again', async () => {
    const { user } = openEnquiry('read', () => refusal(503, 'store_unavailable'));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(document.activeElement).toHaveAttribute('role', 'status'));
    expect(document.activeElement?.textContent).toMatch(/\w/);
    expect(focusedWith.at(-1)).toBe(document.activeElement?.textContent);
    expect(screen.getByRole('button', { name: 'Archive' })).toBeEnabled();
  });
});
