import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAILING_ME, FIRST_PAGE, json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const NO_SUBSCRIBERS = {
  items: [],
  nextCursor: null,
  counts: { held: 0, pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0, complained: 0 },
};

function api(me: typeof ME) {
  return mockStudioApi({
    'GET me': () => json(200, me),
    'GET leads': () => json(200, FIRST_PAGE),
    'GET subscribers': () => json(200, NO_SUBSCRIBERS),
    'GET sessions': () => json(200, { items: [] }),
    'GET passkeys': () => json(200, { items: [] }),
  });
}

describe('the failing-mail banner', () => {
  it('says plainly on every screen that email is failing, since when, and that enquiries are kept', async () => {
    api(FAILING_ME);
    const { user } = renderStudio();

    for (const section of ['Subscribers', 'Account', 'Inbox']) {
      const banner = await screen.findByRole('region', { name: 'Email delivery is failing' });
      expect(banner).toHaveTextContent(/have not been getting through since .*2026/);
      expect(banner).toHaveTextContent('2 emails were given up.');
      expect(banner).toHaveTextContent('Every enquiry is still kept here: nothing is lost.');
      await user.click(screen.getByRole('link', { name: section }));
      await screen.findByRole('link', { name: section, current: 'page' });
    }
  });

  it('is absent while email is delivered', async () => {
    api(ME);
    renderStudio();

    await screen.findByRole('heading', { level: 1, name: 'Enquiries' });
    expect(
      screen.queryByRole('region', { name: 'Email delivery is failing' }),
    ).not.toBeInTheDocument();
  });

  it('appears as soon as the server reports the failure, at the next change of screen', async () => {
    let me = ME;
    mockStudioApi({
      'GET me': () => json(200, me),
      'GET leads': () => json(200, FIRST_PAGE),
      'GET subscribers': () => json(200, NO_SUBSCRIBERS),
    });
    const { user } = renderStudio();
    await screen.findByRole('heading', { level: 1, name: 'Enquiries' });
    me = FAILING_ME;
    await user.click(screen.getByRole('link', { name: 'Subscribers' }));

    expect(await screen.findByRole('region', { name: 'Email delivery is failing' })).toBeVisible();
  });
});
