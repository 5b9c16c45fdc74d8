import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NewsletterForm } from './newsletter-form';
import { newsletterFormCopy } from './newsletter-form-copy';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

describe('NewsletterForm', () => {
  it('subscribes a valid address and confirms inline', async () => {
    fetchMock.mockResolvedValue(Response.json({ success: true }));
    const user = userEvent.setup();
    render(<NewsletterForm copy={newsletterFormCopy} />);
    await user.type(screen.getByLabelText('Email address'), 'Ann@Example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    // The status line is always there; what it says comes after the rules and the answer load.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Thanks! Now check your inbox: the link we sent confirms your subscription.',
      ),
    );
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/newsletter');
    expect(typeof init?.body === 'string' && JSON.parse(init.body)).toEqual({
      email: 'Ann@Example.com',
    });
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('refuses an invalid address without calling the server', async () => {
    const user = userEvent.setup();
    render(<NewsletterForm copy={newsletterFormCopy} />);
    await user.type(screen.getByLabelText('Email address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    // The address is checked with rules loaded on first use: the words come after that load.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Please enter a valid email address.'),
    );
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the words for the server's error code", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ success: false, error: 'rate_limited' }, { status: 429 }),
    );
    const user = userEvent.setup();
    render(<NewsletterForm copy={newsletterFormCopy} />);
    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Too many requests. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });

  it("shows the server's field error for the address", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { success: false, error: 'invalid_fields', fieldErrors: { email: 'invalid_email' } },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    render(<NewsletterForm copy={newsletterFormCopy} />);
    await user.type(screen.getByLabelText('Email address'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
  });
});
