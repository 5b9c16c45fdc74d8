import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Enquiry } from '../api/types';
import { expectFocused } from '../testing/expect-focused';
import { asLead, COUNTS, ENQUIRIES, json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const THEO = 'theo@emberandink.example';

const [ANN, BO, CLEO] = ENQUIRIES as [Enquiry, Enquiry, Enquiry];
const LEADS = [
  asLead(ANN),
  asLead(BO, { stage: 'proposal', owner: THEO, hasNewReply: true }),
  asLead(CLEO, { stage: 'won', owner: ME.staff.email, isReturning: true }),
];

function leadsApi(handlers: Parameters<typeof mockStudioApi>[0] = {}) {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET staff': () =>
      json(200, { items: [{ email: ME.staff.email }, { email: THEO, name: 'Theo Marsh' }] }),
    'GET leads': () => json(200, { items: LEADS, nextCursor: null, counts: COUNTS }),
    ...handlers,
  });
}

describe('the inbox as leads', () => {
  it('shows on each row the owner by name, the follow-up date, the age and the value, and no second status', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T12:00:00Z'), toFake: ['Date'] });
    leadsApi({
      'GET leads': () =>
        json(200, {
          items: [
            asLead(BO, {
              stage: 'proposal',
              owner: THEO,
              followUpOn: '2026-11-27',
              value: { amount: 12000, currency: 'GBP' },
            }),
            asLead(ANN),
          ],
          nextCursor: null,
          counts: COUNTS,
        }),
    });
    renderStudio('/studio');

    const bo = (await screen.findByRole('link', { name: 'Bo Chen' })).closest('li') as HTMLElement;
    const facts = within(within(bo).getByRole('list', { name: 'About this lead' }));
    expect(await facts.findByText('Owner: Theo Marsh')).toBeVisible();
    expect(facts.getByText('Follow up Nov 27, 2026')).toBeVisible();
    expect(facts.getByText('3 days')).toBeVisible();
    expect(facts.getByText('Worth £12,000.00')).toBeVisible();
    const ann = screen.getByRole('link', { name: 'Unread Ann Lee' }).closest('li') as HTMLElement;
    // Unread is a mark on the name; the stage is the one state the row shows.
    expect(ann).toHaveTextContent('Stage: New');
    expect(ann).not.toHaveTextContent(/\bNEW\b/);
    expect(within(ann).getByText('No owner')).toBeVisible();
    vi.useRealTimers();
  });

  it('offers the Due and Mine views, asking the server for them', async () => {
    const api = leadsApi();
    const { user } = renderStudio('/studio');
    await user.click(await screen.findByRole('link', { name: 'Due' }));
    await waitFor(() => expect(api.callsTo('GET leads').at(-1)?.query.get('view')).toBe('due'));
    expect(screen.getByRole('link', { name: 'Due' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: 'Mine' }));
    await waitFor(() => expect(api.callsTo('GET leads').at(-1)?.query.get('owner')).toBe('me'));
    expect(screen.getByRole('link', { name: 'Mine' })).toHaveAttribute('aria-current', 'page');
  });

  it("totals each board column's values, per currency when there are several", async () => {
    leadsApi({
      'GET leads': () =>
        json(200, {
          items: [
            asLead(ANN, { stage: 'proposal', value: { amount: 1200.5, currency: 'GBP' } }),
            asLead(BO, { stage: 'proposal', value: { amount: 800.25, currency: 'GBP' } }),
            asLead(CLEO, { stage: 'proposal', value: { amount: 500, currency: 'USD' } }),
          ],
          nextCursor: null,
          counts: COUNTS,
        }),
    });
    renderStudio('/studio?view=board');

    const proposal = await screen.findByRole('region', { name: 'Proposal, 3' });
    expect(within(proposal).getByText('Total £2,000.75 + $500.00')).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'New, 0' })).queryByText(/^Total/)).toBeNull();
    const card = within(proposal)
      .getByRole('link', { name: 'Ann Lee' })
      .closest('li') as HTMLElement;
    expect(within(card).getByText('Worth £1,200.50')).toBeVisible();
  });

  it('marks a thread with a new reply, shows stage and owner, and filters by both', async () => {
    const api = leadsApi();
    const { user } = renderStudio('/studio');

    const bo = await screen.findByRole('link', { name: 'Bo Chen, New reply' });
    const card = bo.closest('li') as HTMLElement;
    expect(within(card).getByText('New reply')).toBeVisible();
    expect(within(card).queryByText('Returning client')).toBeNull();
    const cleo = screen.getByRole('link', { name: /Cleo/ }).closest('li') as HTMLElement;
    expect(within(cleo).getByText('Returning client')).toBeVisible();
    expect(card).toHaveTextContent('Stage: Proposal');
    expect(await within(card).findByText('Owner: Theo Marsh')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Stage'), 'proposal');
    // The owner list is drawn at once and filled when the staff arrive: wait for the one to choose.
    await screen.findByRole('option', { name: 'Theo Marsh' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), THEO);
    expect(api.callsTo('GET leads')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(api.callsTo('GET leads')).toHaveLength(2));
    const query = api.callsTo('GET leads')[1]?.query;
    expect(query?.get('stage')).toBe('proposal');
    expect(query?.get('owner')).toBe(THEO);
    expect(window.location.search).toBe(`?stage=proposal&owner=${encodeURIComponent(THEO)}`);
    // On a phone the folded filters are summed up in a line: the owner by name there too.
    expect(await screen.findByText(/owner Theo Marsh/)).toBeInTheDocument();
  });

  it('lists who waits for us, oldest first, with since when', async () => {
    const waiting = [
      asLead(CLEO, { waitingSince: '2026-11-20T08:05:00.000Z' }),
      asLead(BO, {
        stage: 'proposal',
        hasNewReply: true,
        waitingSince: '2026-11-22T18:00:00.000Z',
      }),
    ];
    leadsApi({ 'GET leads/waiting': () => json(200, { items: waiting }) });
    const { user } = renderStudio('/studio');
    await user.click(await screen.findByRole('link', { name: 'Waiting for us' }));

    expect(await screen.findByText('2 leads wait for an answer.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Waiting for us' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const cards = screen.getAllByRole('link', { name: /Cleo Park|Bo Chen/ });
    expect(cards.map((link) => link.textContent)).toEqual(['Cleo Park', 'Bo Chen, New reply']);
    const first = cards[0]?.closest('li') as HTMLElement;
    expect(first).toHaveTextContent(/^Cleo Park.*Waiting since/);
    expect(first.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T08:05:00.000Z');
  });

  it('moves a lead on the board by keyboard, announces it, and keeps focus on the lead', async () => {
    const api = leadsApi({
      [`PATCH leads/${ANN.id}`]: ({ body }) =>
        json(200, { stage: 'new', owner: null, followUpOn: null, ...(body as object) }),
    });
    const { user } = renderStudio('/studio?view=board');

    const fresh = await screen.findByRole('region', { name: 'New, 1' });
    expect(screen.getByRole('region', { name: 'Proposal, 1' })).toHaveTextContent('Bo Chen');
    expect(screen.getByRole('region', { name: 'Won, 1' })).toHaveTextContent('Cleo Park');
    expect(within(fresh).queryByRole('button', { name: /Move Ann Lee to/ })).toHaveAccessibleName(
      'Move Ann Lee to Contacted',
    );
    within(fresh).getByRole('button', { name: 'Move Ann Lee to Contacted' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Ann Lee moved to Contacted.')).toHaveRole('status');
    const contacted = screen.getByRole('region', { name: 'Contacted, 1' });
    await expectFocused(
      within(contacted).getByRole('button', { name: 'Move Ann Lee to Proposal' }),
    );
    expect(screen.getByRole('region', { name: 'New, 0' })).toHaveTextContent('None.');
    await user.keyboard('{Enter}');

    await expectFocused(
      within(screen.getByRole('region', { name: 'Proposal, 2' })).getByRole('button', {
        name: 'Move Ann Lee to Won',
      }),
    );
    expect(api.callsTo(`PATCH leads/${ANN.id}`).map((call) => call.body)).toEqual([
      { stage: 'contacted' },
      { stage: 'proposal' },
    ]);
  });
});
