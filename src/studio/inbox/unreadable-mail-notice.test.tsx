import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UnreadableMail } from '../../../common/unreadable-mail';
import { expectFocused } from '../testing/expect-focused';
import { FIRST_PAGE, json, ME, mockStudioApi, noContent } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const PHOTOS: UnreadableMail = {
  id: '7d0f3c56-1b1e-4f7e-9a53-0e6f4c2b9a10',
  receivedAt: '2026-11-23T09:30:00.000Z',
  size: 24 * 1024 * 1024,
  reason: 'It has more than 1,000 parts (attachments, alternatives, nested messages).',
  from: 'ann@example.com',
  subject: 'All the photos',
};
const NAMELESS: UnreadableMail = {
  id: '0b9e2f4a-5c6d-4e7f-8a9b-1c2d3e4f5a6b',
  receivedAt: '2026-11-22T16:40:00.000Z',
  size: 2048,
  reason: 'The mail parser could not read it.',
};

function api(items: UnreadableMail[]) {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET leads': () => json(200, FIRST_PAGE),
    'GET mailbox/unreadable': () => json(200, { items }),
    [`DELETE mailbox/unreadable/${PHOTOS.id}`]: () => noContent(),
  });
}

describe('mail that could not be read, above the enquiries', () => {
  it('names each message it knows of, with its raw copy to download', async () => {
    api([PHOTOS, NAMELESS]);
    renderStudio();

    const notice = await screen.findByRole('region', {
      name: '2 messages in the mailbox reached no lead',
    });
    const [photos, nameless] = within(notice).getAllByRole('listitem');
    if (photos === undefined || nameless === undefined) throw new Error('expected two messages');
    expect(photos).toHaveTextContent('ann@example.com');
    expect(photos).toHaveTextContent('All the photos');
    expect(photos).toHaveTextContent(/Received .*2026.* · 24\.0 MB/);
    expect(photos).toHaveTextContent(PHOTOS.reason);
    expect(photos).toHaveTextContent('The raw copy holds its first 10.0 MB.');
    expect(within(photos).getByRole('link', { name: 'Download the raw message' })).toHaveAttribute(
      'href',
      `/api/studio/mailbox/unreadable/${PHOTOS.id}/raw`,
    );
    expect(nameless).toHaveTextContent('Sender unknown');
    expect(nameless).toHaveTextContent('Subject unknown');
    expect(nameless).toHaveTextContent('2 KB');
    expect(nameless).not.toHaveTextContent('raw copy holds');
  });

  it('dismisses one, says so, and is gone with the last', async () => {
    const calls = api([PHOTOS]);
    const { user } = renderStudio();

    const notice = await screen.findByRole('region', {
      name: '1 message in the mailbox reached no lead',
    });
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));

    await expectFocused(screen.findByText('Dismissed.'));
    expect(calls.callsTo(`DELETE mailbox/unreadable/${PHOTOS.id}`)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /reached no lead/ })).not.toBeInTheDocument();
  });

  it('is absent while every message was read', async () => {
    api([]);
    renderStudio();

    await screen.findByText('3 enquiries shown.');
    expect(screen.queryByRole('region', { name: /reached no lead/ })).not.toBeInTheDocument();
  });
});
