import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PersonDetail } from '../../../common/people';
import { json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

const ANN: PersonDetail = {
  id: 'p-ann',
  name: 'Ann Lee',
  email: 'ann@example.com',
  firstSeen: { at: '2026-03-02T09:00:00.000Z', source: 'newsletter', campaign: 'spring-offer' },
  leads: [
    {
      id: 'e-3',
      stage: 'proposal',
      value: { amount: 12000, currency: 'USD' },
      openedAt: '2026-11-23T10:15:00.000Z',
      closedAt: null,
    },
    {
      id: 'e-0',
      stage: 'won',
      value: { amount: 4500.5, currency: 'EUR' },
      openedAt: '2026-03-02T09:10:00.000Z',
      closedAt: '2026-04-15T16:00:00.000Z',
    },
  ],
  calls: [
    {
      id: 'b-1',
      start: '2026-12-03T10:00:00.000Z',
      end: '2026-12-03T10:30:00.000Z',
      state: 'pending',
    },
  ],
  subscriber: {
    status: 'confirmed',
    letters: [
      { subject: 'Spring notes', slug: 'spring-notes', sentAt: '2026-04-01T08:00:00.000Z' },
    ],
  },
  won: [{ amount: 4500.5, currency: 'EUR' }],
};

/** Someone the studio knows only by their address: no visit found, nothing else yet. */
const NEWCOMER: PersonDetail = {
  id: 'p-new',
  name: 'Dev Rao',
  email: 'dev@example.com',
  firstSeen: null,
  leads: [],
  calls: [],
  subscriber: null,
  won: [],
};

function personApi(person: PersonDetail) {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    [`GET people/${person.id}`]: () => json(200, person),
  });
}

const factOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe("a person's page", () => {
  it('says who they are, where they first came from, their newsletter sign-up and what they brought', async () => {
    personApi(ANN);
    renderStudio(`/studio?view=person&id=${ANN.id}`);

    await expectFocused(screen.findByRole('heading', { level: 1, name: 'Ann Lee' }));
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
      'href',
      'mailto:ann@example.com',
    );
    const firstSeen = factOf('First came from');
    expect(firstSeen).toHaveTextContent('newsletter, campaign spring-offer on Mar 2, 2026');
    expect(firstSeen.querySelector('time')).toHaveAttribute('datetime', ANN.firstSeen?.at);
    expect(factOf('Newsletter')).toHaveTextContent('Confirmed');
    expect(factOf('Won with us')).toHaveTextContent('€4,500.50');
    await waitFor(() => expect(document.title).toBe('Person: Ann Lee · Studio · Ember & Ink'));
  });

  it('lists every lead with its stage, value and dates, each opening the lead', async () => {
    personApi(ANN);
    const { user } = renderStudio(`/studio?view=person&id=${ANN.id}`);

    const leads = within(await screen.findByRole('region', { name: 'Leads' }));
    const [open, closed] = leads.getAllByRole('listitem');
    expect(open).toHaveTextContent('Proposal · $12,000.00Opened Nov 23, 2026 · still open');
    expect(closed).toHaveTextContent('Won · €4,500.50Opened Mar 2, 2026 · closed Apr 15, 2026');
    expect([...(closed?.querySelectorAll('time') ?? [])].map((time) => time.dateTime)).toEqual([
      ANN.leads[1]?.openedAt,
      ANN.leads[1]?.closedAt,
    ]);

    await user.click(leads.getByRole('link', { name: 'Proposal · $12,000.00' }));
    const address = new URLSearchParams(window.location.search);
    expect([address.get('view'), address.get('id')]).toEqual(['lead', 'e-3']);
  });

  it('lists their calls in the studio’s time, with whether each still stands', async () => {
    personApi(ANN);
    renderStudio(`/studio?view=person&id=${ANN.id}`);

    const calls = within(await screen.findByRole('region', { name: 'Calls' }));
    const [call] = calls.getAllByRole('listitem');
    expect(call).toHaveTextContent(
      'Dec 3, 2026, 10:00 AM–10:30 AM · Waiting for the visitor to confirm',
    );
    expect(call?.querySelector('time')).toHaveAttribute('datetime', ANN.calls[0]?.start);
  });

  it('lists the letters that went to their subscription, each a link to its page', async () => {
    personApi(ANN);
    renderStudio(`/studio?view=person&id=${ANN.id}`);

    const letters = within(await screen.findByRole('region', { name: 'Letters sent to them' }));
    const [letter] = letters.getAllByRole('listitem');
    expect(letter).toHaveTextContent('Spring notes · Apr 1, 2026');
    expect(letters.getByRole('link', { name: 'Spring notes' })).toHaveAttribute(
      'href',
      '/letters/spring-notes',
    );
  });

  it('says plainly what is not known of someone new', async () => {
    personApi(NEWCOMER);
    renderStudio(`/studio?view=person&id=${NEWCOMER.id}`);

    await screen.findByRole('heading', { level: 1, name: 'Dev Rao' });
    expect(factOf('First came from')).toHaveTextContent('Not known');
    expect(factOf('Newsletter')).toHaveTextContent('Not subscribed');
    expect(factOf('Won with us')).toHaveTextContent('Nothing won yet');
    expect(screen.getByRole('region', { name: 'Leads' })).toHaveTextContent('No leads yet.');
    expect(screen.getByRole('region', { name: 'Calls' })).toHaveTextContent('No calls booked.');
    expect(screen.queryByRole('region', { name: 'Letters sent to them' })).toBeNull();
  });

  it('says a person the server does not know was not found', async () => {
    personApi(ANN);
    renderStudio('/studio?view=person&id=p-gone');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This was not found. It may have been removed.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Person' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Leads' })).toBeNull();
  });
});
