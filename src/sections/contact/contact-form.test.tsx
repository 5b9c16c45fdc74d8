import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';
import { contactFormCopy } from './contact-form-copy';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function parseBody(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

function setup() {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<ContactForm copy={contactFormCopy} />);
  const fields = {
    name: screen.getByLabelText('Your name'),
    email: screen.getByLabelText('Email address'),
    service: screen.getByLabelText('Service'),
    message: screen.getByLabelText('Project details'),
  };
  const fillIn = async () => {
    await user.type(fields.name, 'Ann Lee');
    await user.type(fields.email, 'ann@example.com');
    await user.selectOptions(fields.service, 'Brand Strategy');
    await user.type(fields.message, 'A new identity for our bakery.');
  };
  const submitButton = () =>
    screen.getByRole('button', { name: /Start Your Project|Sending|Sent|Try Again/ });
  return { user, fields, fillIn, submitButton };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('ContactForm', () => {
  it('labels every field, requires them all, and offers the eight services after an empty choice', () => {
    const { fields } = setup();
    for (const field of Object.values(fields)) expect(field).toBeRequired();
    expect(fields.email).toHaveAttribute('type', 'email');
    expect(fields.message).toHaveAttribute('rows', '4');
    const options = Array.from(
      (fields.service as HTMLSelectElement).options,
      (option) => option.text,
    );
    expect(options).toEqual([
      'Select Service',
      'Logo & Brand Identity',
      'Brand Strategy',
      'Graphic Design (Print/Digital)',
      'Packaging Design',
      'Website / Landing Page Design',
      'Social Media Content & Ads',
      'Presentation / Pitch Deck',
      'Other / Not Sure — Help Me Choose',
    ]);
    expect((fields.service as HTMLSelectElement).value).toBe('');
  });

  it('sends, shows success, clears the fields and returns to idle after 5 seconds', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, fields, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());

    expect(await screen.findByRole('button', { name: '⏳ Sending...' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/send-contact-email');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{16,}$/);
    expect(parseBody(init)).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      service: 'Brand Strategy',
      message: 'A new identity for our bakery.',
      website: '',
    });

    await act(async () => {
      answer(jsonResponse(201, { success: true, id: 'e1' }));
      await Promise.resolve();
    });
    expect(submitButton()).toHaveTextContent('✓ Message Sent!');
    for (const field of Object.values(fields)) expect(field).toHaveValue('');

    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(submitButton()).toHaveTextContent('✓ Message Sent!');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(submitButton()).toHaveTextContent('Start Your Project');
    expect(submitButton()).toBeEnabled();
  });

  it("shows the words for the server's error code in red above the button, keeps the fields, and resets after 5 s", async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { success: false, error: 'store_unavailable' }));
    const { user, fields, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'We could not save your message right now. Please try again in a minute.',
    );
    expect(alert).toHaveClass('text-danger');
    expect(
      alert.compareDocumentPosition(submitButton()) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(submitButton()).toHaveTextContent('✗ Try Again');
    expect(fields.name).toHaveValue('Ann Lee');

    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(submitButton()).toHaveTextContent('Start Your Project');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'Failed to send message' when the answer has no error text", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { success: false }));
    const { user, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to send message$/);
  });

  it("says 'Failed to send message' when the error code is not one it knows", async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { success: false, error: 'Mail is down' }));
    const { user, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to send message$/);
  });

  it('treats an answer that is not JSON as a failure without text', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const { user, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to send message$/);
  });

  it('falls back to the generic text for a thrown error without a message', async () => {
    fetchMock.mockRejectedValue(new Error(''));
    const { user, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send message. Please try again.',
    );
  });

  it('explains a network failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the studio/);
  });

  it('shows per-field messages from the server', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        success: false,
        error: 'invalid_fields',
        fieldErrors: { email: 'invalid_email', message: 'too_long' },
      }),
    );
    const { user, fields, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the highlighted fields.',
    );
    expect(fields.message).toHaveAccessibleDescription('Message must be at most 5,000 characters.');
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    expect(fields.email).toHaveAccessibleDescription('Please enter a valid email address.');
  });

  it('reuses the Idempotency-Key when the same message is sent again after a failure', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(503, { success: false, error: 'store_unavailable' }))
      .mockResolvedValueOnce(jsonResponse(201, { success: true, id: 'e1' }))
      .mockResolvedValueOnce(jsonResponse(201, { success: true, id: 'e2' }));
    const { user, fillIn, submitButton } = setup();
    await fillIn();
    await user.click(submitButton());
    await screen.findByRole('alert');
    await user.click(submitButton());
    await screen.findByText('✓ Message Sent!');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    await fillIn();
    await user.click(submitButton());
    await screen.findByText('✓ Message Sent!');

    const keys = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('checks the fields with the shared rules before sending', async () => {
    const { user, fields, submitButton } = setup();
    await user.type(fields.name, '   ');
    await user.type(fields.email, 'ann@example.com');
    await user.selectOptions(fields.service, 'Brand Strategy');
    await user.type(fields.message, 'Hello');
    await user.click(submitButton());

    // The shared rules load on first use: their verdict comes after that load.
    await waitFor(() => expect(fields.name).toHaveAccessibleDescription('Name is required.'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(fields.name).toHaveFocus();
    expect(submitButton()).toHaveTextContent('Start Your Project');
  });
});
