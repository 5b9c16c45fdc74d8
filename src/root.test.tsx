import { BUILD_LANDING } from '../common/landing-options';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createSiteContentSeed } from './content/site-content-seed';
import { ErrorBoundary } from './pages/error-boundary';
import { Root } from './root';

function Broken(): never {
  throw new Error('boom');
}

describe('Root', () => {
  it('shows the not-found page for any other path and logs the path', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Root path="/missing/page" content={createSiteContentSeed()} landing={BUILD_LANDING} />);
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    // The island reads the path from the address bar: the page is one file for every path.
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('404'), window.location.pathname);
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
