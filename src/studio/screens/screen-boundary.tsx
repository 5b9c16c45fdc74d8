import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { BUTTON } from '../components/button-classes';
import { screenCopy } from './screen-copy';

/**
 * Said only if the screen's code takes a moment: the line fades in after a short delay
 * (studio.css), so a screen that arrives at once replaces an empty space, not a flash of text.
 */
function Opening() {
  return (
    <p role="status" className="screen-opening text-ink-muted">
      {screenCopy.opening}
    </p>
  );
}

type BoundaryState = { failed: boolean };

/**
 * A screen whose code could not be downloaded (offline, or a new release replaced the file)
 * says so and offers to try again, instead of leaving the studio blank. Trying again reloads
 * the page: that also fetches a new release's file names.
 */
class ScreenFailure extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="flex flex-col items-start gap-4">
        <p role="alert" className="text-danger">
          {screenCopy.failed}
        </p>
        <button type="button" onClick={() => window.location.reload()} className={BUTTON.primary}>
          {screenCopy.retry}
        </button>
      </div>
    );
  }
}

/**
 * Marks the page `data-studio="live"` once a screen is the app's: drawn by it, or a drawing of
 * the server's it has taken over (a boundary may be hydrated after the frame around it, as React
 * does, so the mark comes from inside). The bench waits for it before it taps (bench/studio-interactions.ts).
 */
function ScreenIsLive() {
  useEffect(() => {
    document.documentElement.dataset.studio = 'live';
  }, []);
  return null;
}

/** Where a lazily loaded screen is drawn: its fallback while it comes, its failure if not. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return (
    <ScreenFailure>
      <Suspense fallback={<Opening />}>
        {children}
        <ScreenIsLive />
      </Suspense>
    </ScreenFailure>
  );
}
