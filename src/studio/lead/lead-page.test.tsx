import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnquiryDetail } from '../api/types';
import {
  detailOf,
  ENQUIRIES,
  FIRST_PAGE,
  json,
  ME,
  mockStudioApi,
  noContent,
  refusal,
} from '../testing/mock-studio-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];

const GIVEN_UP = detailOf(
  { ...ANN, status: 'read' },
  { state: 'failed', attempts: 8, lastError: '550 5.1.1 mailbox unavailable', sentAt: null },
);

function enquiryApi(detail: EnquiryDetail, handlers: Parameters<typeof mockStudioApi>[0] = {}) {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET leads': () => json(200, FIRST_PAGE),
    [`GET leads/${detail.id}`]: () => json(200, detail),
    ...handlers,
  });
}

const openAnn = () => renderStudio(`/studio?view=lead&id=${ANN.id}`);

describe('one enquiry', () => {
  it('shows every field, when it came, and a mail link to the visitor', async () => {
    enquiryApi(GIVEN_UP);
    openAnn();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
    expect(screen.queryByText('Returning client')).toBeNull();
    const fields = screen.getByText('Brand Strategy').closest('dl');
    expect(fields).not.toBeNull();
    const details = within(fields as HTMLElement);
    expect(details.getByText('Brand Strategy')).toBeVisible();
    expect(details.getByText('Inbox')).toBeVisible();
    expect(fields?.querySelector('time')).toHaveAttribute('datetime', ANN.receivedAt);
    expect(screen.getByText(ANN.message)).toBeVisible();
    expect(details.getByText('New')).toBeVisible();
    expect(screen.getByRole('link', { name: ANN.email })).toHaveAttribute(
      'href',
      'mailto:ann@example.com?subject=Re%3A%20your%20enquiry%20to%20Ember%20%26%20Ink',
    );
    // The title follows the page's render in an effect of its own.
    await waitFor(() => expect(document.title).toBe('Enquiry: Ann Lee · Studio · Ember & Ink'));
  });

  it("opened by a joined enquiry's address, names the lead itself in the address bar", async () => {
    const joinedId = 'e-joined-call';
    enquiryApi(GIVEN_UP, { [`GET leads/${joinedId}`]: () => json(200, GIVEN_UP) });
    renderStudio(`/studio?view=enquiry&id=${joinedId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get('id')).toBe(GIVEN_UP.id),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ann Lee' })).toBeInTheDocument();
  });

  it('links to the page of the person whose lead it is, once the server names them', async () => {
    enquiryApi({ ...GIVEN_UP, person: null });
    const { unmount } = openAnn();
    await screen.findByRole('heading', { level: 1, name: 'Ann Lee' });
    expect(screen.queryByRole('link', { name: /All about/ })).toBeNull();
    unmount();

    enquiryApi({ ...GIVEN_UP, person: { id: 'p-ann', name: 'Ann Lee', email: ANN.email } });
    const { user } = openAnn();
    await user.click(await screen.findByRole('link', { name: 'All about Ann Lee' }));
    const address = new URLSearchParams(window.location.search);
    expect([address.get('view'), address.get('id')]).toEqual(['person', 'p-ann']);
  });

  it('shows the call a booked lead is for, and whether it still stands', async () => {
    enquiryApi({
      ...GIVEN_UP,
      booking: {
        id: 'b-1',
        start: '2026-12-03T10:00:00.000Z',
        end: '2026-12-03T10:30:00.000Z',
        state: 'cancelled',
      },
    });
    openAnn();

    const call = (await screen.findByText('Call')).nextElementSibling as HTMLElement;
    expect(call.querySelector('time')).toHaveAttribute('datetime', '2026-12-03T10:00:00.000Z');
    expect(call).toHaveTextContent(/Dec 3, 2026, 10:00 AM–10:30 AM · Cancelled/);
  });

  it("lists every call of the person's lead and their earlier work, each earlier lead a link", async () => {
    const moved = {
      id: 'b-2',
      start: '2026-12-04T15:00:00.000Z',
      end: '2026-12-04T15:30:00.000Z',
      state: 'confirmed' as const,
    };
    const cancelled = {
      ...moved,
      id: 'b-1',
      start: '2026-12-03T10:00:00.000Z',
      end: '2026-12-03T10:30:00.000Z',
      state: 'cancelled' as const,
    };
    enquiryApi({
      ...GIVEN_UP,
      booking: moved,
      calls: [moved, cancelled],
      earlier: [
        {
          id: 'e-0',
          stage: 'won',
          value: { amount: 12_000, currency: 'GBP' },
          receivedAt: '2025-06-01T09:00:00.000Z',
        },
      ],
      isReturning: true,
    });
    openAnn();

    // Under the name, before anything else: this person has been a client before.
    expect(await screen.findByText('Returning client')).toBeVisible();

    const calls = await screen.findByRole('region', { name: 'Calls' });
    expect(
      within(calls)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Dec 4, 2026, 3:00 PM–3:30 PM · Confirmed',
      'Dec 3, 2026, 10:00 AM–10:30 AM · Cancelled',
    ]);
    const earlier = screen.getByRole('region', { name: 'Earlier work for this person' });
    expect(within(earlier).getByRole('link')).toHaveTextContent(
      'Won · £12,000.00 · received Jun 1, 2025',
    );
    expect(within(earlier).getByRole('link')).toHaveAttribute('href', '/studio?view=lead&id=e-0');
  });

  it('says the email was given up, with the last error, and sends it again', async () => {
    const api = enquiryApi(GIVEN_UP, {
      [`POST leads/${ANN.id}/resend`]: () => json(202, { success: true }),
    });
    const { user } = openAnn();

    const delivery = await screen.findByRole('region', { name: 'Email to the studio' });
    expect(delivery).toHaveTextContent('Given up after 8 attempts. It was not sent.');
    expect(delivery).toHaveTextContent('550 5.1.1 mailbox unavailable');
    await user.click(within(delivery).getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText('Queued to be sent again.')).toHaveRole('status');
    expect(delivery).toHaveTextContent('Waiting to be sent.');
    expect(within(delivery).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(api.callsTo(`POST leads/${ANN.id}/resend`)).toHaveLength(1);
  });

  it('shows a retrying email with its last error, and refuses nothing silently', async () => {
    enquiryApi(
      detailOf(ANN, { state: 'retrying', attempts: 3, lastError: 'ETIMEDOUT', sentAt: null }),
    );
    openAnn();

    const delivery = await screen.findByRole('region', { name: 'Email to the studio' });
    expect(delivery).toHaveTextContent('Not sent yet: retrying after 3 attempts.');
    expect(delivery).toHaveTextContent('ETIMEDOUT');
    expect(within(delivery).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it('says when a resend is refused', async () => {
    enquiryApi(
      detailOf(ANN, {
        state: 'sent',
        attempts: 1,
        lastError: null,
        sentAt: '2026-11-23T10:16:00Z',
      }),
      { [`POST leads/${ANN.id}/resend`]: () => refusal(409, 'not_resendable') },
    );
    const { user } = openAnn();
    const delivery = await screen.findByRole('region', { name: 'Email to the studio' });
    expect(delivery).toHaveTextContent(/^Email to the studioSent on .*2026/);
    await user.click(within(delivery).getByRole('button', { name: 'Send again' }));

    expect(await screen.findByText(/already waiting to be sent/)).toHaveRole('status');
  });

  it('archives it, and says so where focus lands', async () => {
    const api = enquiryApi(GIVEN_UP, {
      [`PATCH leads/${ANN.id}`]: ({ body }) =>
        json(200, { ...GIVEN_UP, delivery: undefined, ...(body as object) }),
    });
    const { user } = openAnn();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));

    await expectFocused(screen.findByText('Marked as archived.'));
    expect(api.callsTo(`PATCH leads/${ANN.id}`)[0]?.body).toEqual({ status: 'archived' });
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the inbox' })).toBeEnabled();
  });

  it('takes a false positive out of spam, and shows the email it then gets', async () => {
    let detail = detailOf({ ...ANN, status: 'spam' }, null);
    const api = enquiryApi(detail, {
      [`GET leads/${ANN.id}`]: () => json(200, detail),
      [`PATCH leads/${ANN.id}`]: () => {
        detail = detailOf(
          { ...ANN, status: 'read' },
          {
            state: 'queued',
            attempts: 0,
            lastError: null,
            sentAt: null,
          },
        );
        return json(200, { ...detail, delivery: undefined });
      },
    });
    const { user } = openAnn();
    const delivery = await screen.findByRole('region', { name: 'Email to the studio' });
    expect(delivery).toHaveTextContent('Never emailed: it was caught as spam.');
    expect(screen.queryByRole('button', { name: 'Mark as spam' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Not spam' }));

    await expectFocused(screen.findByText(/Moved to the inbox/));
    expect(api.callsTo(`PATCH leads/${ANN.id}`)[0]?.body).toEqual({ status: 'read' });
    expect(delivery).toHaveTextContent('Waiting to be sent.');
  });

  it('goes back to the same inbox view at once, as it was shown, with the lead now read', async () => {
    const api = enquiryApi(GIVEN_UP);
    const { user } = renderStudio('/studio?status=new');
    await user.click(await screen.findByRole('link', { name: 'Unread Ann Lee' }));

    await expectFocused(screen.findByRole('heading', { level: 1, name: 'Ann Lee' }));
    expect(window.location.search).toBe(`?view=lead&id=${ANN.id}`);
    await user.click(screen.getByRole('link', { name: 'Back to the enquiries' }));

    await expectFocused(screen.findByRole('heading', { level: 1, name: 'Enquiries' }));
    expect(window.location.search).toBe('?status=new');
    // Drawn from what was shown, with the opening counted: nothing is asked again.
    expect(screen.getByRole('link', { name: 'Ann Lee' })).toBeVisible();
    const folders = screen.getByRole('navigation', { name: 'Folders' });
    expect(within(folders).getByRole('link', { name: /^Unread 0$/ })).toBeVisible();
    expect(api.callsTo('GET leads')).toHaveLength(1);
  });

  it('asks for the inbox again on the way back once the lead was changed', async () => {
    const api = enquiryApi(GIVEN_UP, {
      [`PATCH leads/${ANN.id}`]: () => json(200, { ...GIVEN_UP, status: 'archived' }),
    });
    const { user } = renderStudio('/studio');
    await user.click(await screen.findByRole('link', { name: 'Unread Ann Lee' }));
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    await expectFocused(screen.findByText('Marked as archived.'));
    await user.click(screen.getByRole('link', { name: 'Back to the enquiries' }));

    await expectFocused(screen.findByRole('heading', { level: 1, name: 'Enquiries' }));
    await waitFor(() => expect(api.callsTo('GET leads')).toHaveLength(2));
  });

  it('sends a signed-out person back to the sign-in form, saying why', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      [`GET leads/${ANN.id}`]: () => refusal(401, 'unauthenticated'),
      'DELETE session': () => noContent(),
    });
    openAnn();

    expect(
      await screen.findByRole('heading', { name: 'Sign in to the studio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended.');
  });
});
