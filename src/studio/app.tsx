import { useEffect, useMemo, useRef, useState } from 'react';
import { useFirstScreen } from './api/first-screen';
import { StudioApiError } from './api/request';
import { getMe, signOut } from './api/studio-api';
import type { Me } from './api/types';
import { BUTTON } from './components/button-classes';
import { MailBanner } from './components/mail-banner';
import { StudioFrame } from './components/studio-frame';
import { frameCopy, signInCopy } from './copy';
import { LeadPage } from './lead/lead-page';
import { InboxPage } from './inbox/inbox-page';
import { describeError } from './lib/describe-error';
import { StudioFormatProvider } from './lib/studio-format';
import { ME_URL } from './routing/first-requests';
import { navigate, useStudioLocation } from './routing/location-store';
import { parseRoute, STUDIO_PATH, type StudioRoute } from './routing/studio-route';
import { SessionContext, type Session } from './session/session-context';
import { forgetKeptEdits } from './site/kept-edits';
import { StudioLocaleProvider } from './session/studio-locale';
import {
  AccountPage,
  AudiencePage,
  BoardPage,
  BookingsPage,
  LetterPage,
  LettersPage,
  PersonPage,
  SettingsPage,
  SignInPage,
  SitePage,
  SubscribersPage,
  TeamPage,
  WaitingPage,
  WelcomePage,
} from './screens/lazy-screens';
import { ScreenBoundary } from './screens/screen-boundary';

type Visit =
  | { state: 'checking' }
  | { state: 'unavailable'; message: string }
  | { state: 'signed-out'; notice: string | null }
  | { state: 'signed-in'; me: Me };

type SignedInRoute = Exclude<StudioRoute, { page: 'welcome' }>;

function SignedInPage({ route }: { route: SignedInRoute }) {
  switch (route.page) {
    case 'inbox':
      return <InboxPage filters={route.filters} />;
    case 'lead':
      return <LeadPage key={route.id} id={route.id} />;
    case 'person':
      return <PersonPage key={route.id} id={route.id} />;
    case 'waiting':
      return <WaitingPage />;
    case 'board':
      return <BoardPage />;
    case 'subscribers':
      return <SubscribersPage />;
    case 'letters':
      return <LettersPage />;
    case 'letter':
      return <LetterPage key={route.id} id={route.id} />;
    case 'site':
      return <SitePage />;
    case 'audience':
      return <AudiencePage />;
    case 'bookings':
      return <BookingsPage />;
    case 'account':
      return <AccountPage />;
    case 'settings':
      return <SettingsPage />;
    case 'team':
      return <TeamPage />;
  }
}

type Answer = { kind: 'me'; me: Me } | { kind: 'signed-out' } | { kind: 'failed'; message: string };

async function askWhoIsHere(signal: AbortSignal): Promise<Answer> {
  try {
    return { kind: 'me', me: await getMe(signal) };
  } catch (error) {
    if (error instanceof StudioApiError && error.status === 401) return { kind: 'signed-out' };
    return { kind: 'failed', message: describeError(error) };
  }
}

/** A 401 after being signed in means the session ended; on arrival it is just the sign-in. */
function nextVisit(current: Visit, answer: Answer): Visit {
  switch (answer.kind) {
    case 'me':
      return { state: 'signed-in', me: answer.me };
    case 'failed':
      return current.state === 'signed-in'
        ? current
        : { state: 'unavailable', message: answer.message };
    case 'signed-out':
      if (current.state === 'signed-out') return current;
      return {
        state: 'signed-out',
        notice: current.state === 'signed-in' ? signInCopy.sessionEnded : null,
      };
  }
}

/**
 * The lead, the person it came from, the leads waiting for us and the board are all views
 * of the inbox; a letter is one of the Letters.
 */
function sectionOf(route: SignedInRoute) {
  switch (route.page) {
    case 'lead':
    case 'person':
    case 'waiting':
    case 'board':
      return 'inbox';
    case 'letter':
      return 'letters';
    default:
      return route.page;
  }
}

/**
 * The studio: asks the server who is here, then shows the sign-in, the welcome page of a
 * new staff member, or the inbox's screens. `welcomeToken` was taken from the address bar
 * before the first render (entry.tsx).
 */
export function StudioApp({ welcomeToken }: { welcomeToken: string | null }) {
  const { pathname, search, q } = useStudioLocation();
  const route = parseRoute(pathname, search, q);
  const firstScreen = useFirstScreen();
  // A page the server drew for the person says who they are: no question, no "Loading".
  const [visit, setVisit] = useState<Visit>(() => {
    const me = firstScreen.answerTo(ME_URL) as Me | undefined;
    return me === undefined ? { state: 'checking' } : { state: 'signed-in', me };
  });
  const [checks, setChecks] = useState(0);
  const answeredByPage = useRef(visit.state === 'signed-in');

  const isWelcome = route.page === 'welcome';
  // Asked on arrival, after a sign-in, and at each change of screen, so the failing-mail banner
  // follows the outbox and an expired session is noticed.
  const routeKey = JSON.stringify([pathname, search, q]);
  useEffect(() => {
    if (isWelcome) return;
    if (answeredByPage.current) {
      answeredByPage.current = false;
      firstScreen.take(ME_URL);
      return;
    }
    const controller = new AbortController();
    void askWhoIsHere(controller.signal).then((answer) => {
      if (!controller.signal.aborted) setVisit((current) => nextVisit(current, answer));
    });
    return () => controller.abort();
  }, [isWelcome, routeKey, checks, firstScreen]);

  const session = useMemo<Session | null>(
    () =>
      visit.state === 'signed-in'
        ? {
            me: visit.me,
            signOut: async () => {
              await signOut();
              // What this tab kept for the person (unsaved site edits) leaves with them. A
              // session that merely expired keeps it, to offer back once they sign in again.
              forgetKeptEdits(visit.me.staff.email);
              navigate(STUDIO_PATH, { replace: true });
              setVisit({ state: 'signed-out', notice: signInCopy.signedOut });
            },
            endSession: () => setVisit({ state: 'signed-out', notice: signInCopy.sessionEnded }),
          }
        : null,
    [visit],
  );

  const enterStudio = () => {
    if (isWelcome) navigate(STUDIO_PATH, { replace: true });
    setChecks((count) => count + 1);
  };

  if (isWelcome) {
    return (
      <StudioFrame>
        <ScreenBoundary>
          <WelcomePage token={welcomeToken} onSignedIn={enterStudio} />
        </ScreenBoundary>
      </StudioFrame>
    );
  }
  switch (visit.state) {
    case 'checking':
      return (
        <StudioFrame>
          <p role="status" className="text-ink-muted">
            {frameCopy.loading}
          </p>
        </StudioFrame>
      );
    case 'unavailable':
      return (
        <StudioFrame>
          <h1 className="font-display text-3xl font-semibold">{frameCopy.unavailable}</h1>
          <p role="alert" className="mt-3 text-danger">
            {visit.message}
          </p>
          <button
            type="button"
            onClick={() => setChecks((count) => count + 1)}
            className={`${BUTTON.primary} mt-6`}
          >
            {frameCopy.retry}
          </button>
        </StudioFrame>
      );
    case 'signed-out':
      return (
        <StudioFrame>
          <ScreenBoundary>
            <SignInPage notice={visit.notice} onSignedIn={enterStudio} />
          </ScreenBoundary>
        </StudioFrame>
      );
    case 'signed-in':
      return (
        <SessionContext value={session}>
          <StudioLocaleProvider>
            <StudioFormatProvider timeZone={visit.me.timeZone}>
              <StudioFrame current={sectionOf(route)} banner={<MailBanner mail={visit.me.mail} />}>
                <ScreenBoundary key={route.page}>
                  <SignedInPage route={route} />
                </ScreenBoundary>
              </StudioFrame>
            </StudioFormatProvider>
          </StudioLocaleProvider>
        </SessionContext>
      );
  }
}
