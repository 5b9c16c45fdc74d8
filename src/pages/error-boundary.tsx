import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { errorPage } from '../content/pages';

type ErrorBoundaryState = { error: Error | null };

/** Catches a render error anywhere below and shows a plain, readable failure page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-5 text-center">
        <h1 className="font-display text-4xl font-semibold">{errorPage.heading}</h1>
        <p className="text-ink-muted">{this.state.error.message}</p>
        <a href="/" className="font-semibold text-ember underline underline-offset-4">
          {errorPage.homeLink}
        </a>
      </main>
    );
  }
}
