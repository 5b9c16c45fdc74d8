import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../testing/mock-studio-api';
import { mockSiteApi } from '../testing/mock-site-api';
import { renderStudio } from '../testing/render-studio';

const PROBLEM = {
  revision: 'rev-9',
  field: 'hero.tagline',
  message: 'the field hero.tagline breaks a rule of this release (too_long)',
  since: '2026-03-02T09:30:00.000Z',
};

// The site editor draws the whole document as one form and is typed into key by key: seconds
// on a busy machine (15 s seen under load), so its tests get a generous deadline.
describe('the site page when the published version cannot be shown', () => {
  it('says visitors see an older page, and names the field at fault', async () => {
    mockSiteApi({ 'GET site/live': () => json(200, { problem: PROBLEM }) });
    renderStudio('/studio/site');
    const banner = await screen.findByRole('region', { name: 'Visitors see an older page' });
    expect(banner).toHaveTextContent('The field at fault: Hero › Tagline (hero.tagline).');
    expect(banner).toHaveTextContent('the previous page stays');
  });

  it('says a publish that is saved but not live yet is exactly that', async () => {
    let isLive = true;
    mockSiteApi({
      'POST site/publish': () => {
        isLive = false;
        return json(202, {
          revision: 'rev-9',
          publishedAt: PROBLEM.since,
          live: false,
          problem: { ...PROBLEM, field: null, message: 'the render failed' },
        });
      },
      'GET site/live': () =>
        json(200, {
          problem: isLive ? null : { ...PROBLEM, field: null, message: 'the render failed' },
        }),
    });
    const { user } = renderStudio('/studio/site');
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Saved and published on .*, but not live yet/)).toBeVisible();
    const banner = await screen.findByRole('region', { name: 'Visitors see an older page' });
    expect(banner).toHaveTextContent('Reason: the render failed.');
  });
});
