import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteScheduleEntry } from '../api/types';
import { createStudioFormat } from '../../../common/studio-format';
import { toInstant, toWallTime } from '../lib/zoned-time';
import { expectFocused } from '../testing/expect-focused';
import { json, ME, noContent } from '../testing/mock-studio-api';
import { mockSiteApi } from '../testing/mock-site-api';
import { renderStudio } from '../testing/render-studio';

const ZONE = 'America/New_York';
/** How the studio, whose zone this is, writes a moment. */
const STUDIO_FORMAT = createStudioFormat({ locale: 'en-US', currency: 'USD', timeZone: ZONE });
/** A month ahead, on New York's calendar. */
const DAY = toWallTime(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000), ZONE).date;

function pending(at: string): SiteScheduleEntry {
  return {
    id: '5f0b2c1d-7a3e-4e91-b2c4-3d5e6f7a8b9c',
    at,
    revision: 'rev-2',
    by: 'mara@emberandink.example',
    state: 'pending',
    settledAt: null,
    reason: null,
  };
}

// The site editor draws the whole document as one form and is typed into key by key: seconds
// on a busy machine (15 s seen under load), so its tests get a generous deadline.
describe('the site editor’s scheduled publishing', () => {
  it('schedules the saved draft at a date and time on the studio’s clock', async () => {
    let items: SiteScheduleEntry[] = [];
    const api = mockSiteApi({
      'GET me': () => json(200, { ...ME, timeZone: ZONE }),
      'GET site/schedule': () => json(200, { items, timeZone: ZONE }),
      'POST site/schedule': (call) => {
        const { at } = call.body as { at: string };
        items = [pending(at)];
        return json(201, { id: items[0]!.id, at, revision: 'rev-2' });
      },
    });
    const { user } = renderStudio('/studio/site');
    const hero = await screen.findByRole('group', { name: 'Hero' });
    await user.type(within(hero).getByLabelText('Eyebrow'), '!');
    await user.click(screen.getByRole('button', { name: 'Publish at…' }));

    const form = screen.getByRole('form', { name: 'Publish at a chosen time' });
    const date = within(form).getByLabelText('Date');
    const time = within(form).getByLabelText(`Time (${ZONE})`);
    await user.clear(date);
    await user.type(date, DAY);
    await user.clear(time);
    await user.type(time, '09:30');
    await user.click(within(form).getByRole('button', { name: 'Schedule publish' }));

    await expectFocused(screen.findByText(/^Scheduled: the draft as it is now will be published/));
    // Saved first, then scheduled at the revision the save gave, at 09:30 in New York.
    expect(api.callsTo('PUT site/draft')).toHaveLength(1);
    const [scheduled] = api.callsTo('POST site/schedule');
    expect(scheduled?.headers.get('If-Match')).toBe('"rev-2"');
    const at = toInstant({ date: DAY, time: '09:30' }, ZONE)!.toISOString();
    expect(scheduled?.body).toEqual({ at });
    expect(at.slice(11, 16)).toMatch(/^1[34]:30$/);
    const toolbar = screen.getByRole('group', { name: 'Draft actions' }).parentElement!;
    expect(
      await within(toolbar).findByText(`Publishes on ${STUDIO_FORMAT.dateTime(at)} (${ZONE})`),
    ).toBeVisible();
  });

  it('refuses a time in the past before asking the server', async () => {
    const api = mockSiteApi();
    const { user } = renderStudio('/studio/site');
    await user.click(await screen.findByRole('button', { name: 'Publish at…' }));
    const form = screen.getByRole('form', { name: 'Publish at a chosen time' });
    const date = within(form).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2001-01-01');
    await user.click(within(form).getByRole('button', { name: 'Schedule publish' }));
    expect(await within(form).findByText('Choose a time in the future.')).toBeVisible();
    expect(api.callsTo('POST site/schedule')).toHaveLength(0);
  });

  it('cancels a pending publish from the toolbar, and shows a failed one with its reason', async () => {
    let items: SiteScheduleEntry[] = [pending('2099-01-15T14:30:00.000Z')];
    const api = mockSiteApi({
      'GET me': () => json(200, { ...ME, timeZone: ZONE }),
      'GET site/schedule': () => json(200, { items, timeZone: ZONE }),
      [`DELETE site/schedule/${items[0]!.id}`]: () => {
        items = [
          {
            ...pending('2098-06-01T12:00:00.000Z'),
            id: '6a1c3d2e-8b4f-4fa2-83d5-4e6f7a8b9c0d',
            state: 'failed',
            settledAt: '2098-06-01T12:00:04.000Z',
            reason: 'This version no longer meets the rules for publishing (hero.tagline).',
          },
        ];
        return noContent();
      },
    });
    const { user } = renderStudio('/studio/site');
    const cancel = await screen.findAllByRole('button', {
      name: `Cancel the publish scheduled for Jan 15, 2099, 9:30 AM (${ZONE})`,
    });
    // One in the toolbar, one in History.
    expect(cancel).toHaveLength(2);
    await user.click(cancel[0]!);
    await waitFor(() =>
      expect(api.callsTo(`DELETE site/schedule/${pending('').id}`)).toHaveLength(1),
    );
    expect(
      await screen.findByText(
        /^The publish scheduled for Jun 1, 2098, 8:00 AM \(America\/New_York\) did not happen: This version no longer meets/,
      ),
    ).toBeVisible();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Failed')).toBeVisible();
  });
});
