import { StylesheetAfterFirstScreen } from '../components/stylesheet-after-first-screen';
import { notFoundPage } from '../content/pages';
import { Island } from '../islands/island';
import { island } from './missing-page-report.island';

/**
 * Any path but `/`. The server answers it with status 404 and this page's prerendered HTML. It
 * shares the landing page's shell, whose inlined rules are the landing's first screen only: the
 * whole stylesheet comes first here, as this page is one screen with rules of its own.
 */
export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-5 text-center">
      <StylesheetAfterFirstScreen />
      <h1 className="font-display text-8xl font-semibold text-ember">{notFoundPage.heading}</h1>
      <p className="text-xl text-ink-muted">{notFoundPage.text}</p>
      <a
        href="/"
        className="inline-flex min-h-12 items-center rounded-full bg-ink px-7 font-semibold text-paper hover:opacity-90"
      >
        {notFoundPage.homeLink}
      </a>
      <Island of={island} props={{}} />
    </main>
  );
}
