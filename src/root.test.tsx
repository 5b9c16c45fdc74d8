import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { render as prerender } from './entry-server';
import { ErrorBoundary } from './pages/error-boundary';
import { Root } from './root';

function Broken(): never {
  throw new Error('boom');
}

describe('Root', () => {
  it('hydrates the prerendered landing page without a warning', async () => {
    const container = document.createElement('div');
    container.innerHTML = prerender('/');
    document.body.append(container);
    expect(container.textContent).toContain(
      'Igniting brands through exceptional design, strategic marketing, and creative excellence',
    );
    // console.error throws (test-setup), and a mismatch is reported as a recoverable error.
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Root path="/" />, {
        onRecoverableError: (error) => recoverableErrors.push(error),
      });
      await Promise.resolve();
    });
    expect(recoverableErrors).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('Ember & Ink');
    container.remove();
  });

  it('shows the not-found page for any other path and logs the path', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Root path="/missing/page" />);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('404'), '/missing/page');
  });

  it('shows the application error page when rendering fails', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(
      screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
  });
});
