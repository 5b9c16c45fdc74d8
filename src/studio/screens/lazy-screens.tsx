import { lazy } from 'react';
import type { StudioRoute } from '../routing/studio-route';

/**
 * Every screen but the inbox and a lead's page is its own chunk, fetched when first opened (or
 * ahead of it, see `loadScreenAhead`), so the inbox's and the lead's code is all a phone
 * downloads and runs before their first paint (docs/decisions/0096-each-screen-its-own-code.md).
 */
const IMPORTS = {
  waiting: () => import('../inbox/waiting-page'),
  board: () => import('../inbox/board-page'),
  person: () => import('../people/person-page'),
  subscribers: () => import('../subscribers/subscribers-page'),
  letters: () => import('../letters/letters-page'),
  letter: () => import('../letters/letter-page'),
  site: () => import('../site/site-page'),
  audience: () => import('../audience/audience-page'),
  bookings: () => import('../bookings/bookings-page'),
  account: () => import('../account/account-page'),
  settings: () => import('../settings/settings-page'),
  team: () => import('../team/team-page'),
  signIn: () => import('../sign-in/sign-in-page'),
  welcome: () => import('../sign-in/welcome-page'),
} as const;

type ScreenName = keyof typeof IMPORTS;
type ScreenModule<K extends ScreenName> = Awaited<ReturnType<(typeof IMPORTS)[K]>>;

const started = new Map<ScreenName, Promise<unknown>>();

/**
 * One download per screen however often it is asked for; a failed one (offline, or a new
 * release removed the old file) is forgotten, so opening the screen again tries again.
 */
function loadScreen<K extends ScreenName>(name: K): Promise<ScreenModule<K>> {
  const known = started.get(name);
  if (known !== undefined) return known as Promise<ScreenModule<K>>;
  const loading = IMPORTS[name]() as Promise<ScreenModule<K>>;
  started.set(name, loading);
  loading.catch(() => started.delete(name));
  return loading;
}

export const WaitingPage = lazy(() =>
  loadScreen('waiting').then((module) => ({ default: module.WaitingPage })),
);
export const BoardPage = lazy(() =>
  loadScreen('board').then((module) => ({ default: module.BoardPage })),
);
export const PersonPage = lazy(() =>
  loadScreen('person').then((module) => ({ default: module.PersonPage })),
);
export const SubscribersPage = lazy(() =>
  loadScreen('subscribers').then((module) => ({ default: module.SubscribersPage })),
);
export const LettersPage = lazy(() =>
  loadScreen('letters').then((module) => ({ default: module.LettersPage })),
);
export const LetterPage = lazy(() =>
  loadScreen('letter').then((module) => ({ default: module.LetterPage })),
);
export const SitePage = lazy(() =>
  loadScreen('site').then((module) => ({ default: module.SitePage })),
);
export const AudiencePage = lazy(() =>
  loadScreen('audience').then((module) => ({ default: module.AudiencePage })),
);
export const BookingsPage = lazy(() =>
  loadScreen('bookings').then((module) => ({ default: module.BookingsPage })),
);
export const AccountPage = lazy(() =>
  loadScreen('account').then((module) => ({ default: module.AccountPage })),
);
export const SettingsPage = lazy(() =>
  loadScreen('settings').then((module) => ({ default: module.SettingsPage })),
);
export const TeamPage = lazy(() =>
  loadScreen('team').then((module) => ({ default: module.TeamPage })),
);
export const SignInPage = lazy(() =>
  loadScreen('signIn').then((module) => ({ default: module.SignInPage })),
);
export const WelcomePage = lazy(() =>
  loadScreen('welcome').then((module) => ({ default: module.WelcomePage })),
);

/**
 * Starts downloading a screen's code before it is rendered: the address's screen at arrival,
 * in parallel with the question of who is signed in. A failure is left for the screen itself
 * to meet and show.
 */
export function loadScreenAhead(page: StudioRoute['page']): void {
  // The inbox and a lead's page are in the entry itself.
  if (page !== 'inbox' && page !== 'lead') loadScreen(page).catch(() => undefined);
}
