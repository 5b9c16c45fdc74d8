import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { SkipLink } from '../../components/skip-link';
import { ThemeControl } from '../../components/theme-control';
import { BRAND, frameCopy } from '../copy';
import { hrefFor, type StudioRoute } from '../routing/studio-route';
import { StudioLink } from './studio-link';

type NavPage =
  | 'inbox'
  | 'subscribers'
  | 'letters'
  | 'bookings'
  | 'site'
  | 'audience'
  | 'team'
  | 'settings'
  | 'account';

const NAV: readonly { page: NavPage; label: string; route: StudioRoute }[] = [
  { page: 'inbox', label: frameCopy.nav.inbox, route: { page: 'inbox', filters: {} } },
  { page: 'subscribers', label: frameCopy.nav.subscribers, route: { page: 'subscribers' } },
  { page: 'letters', label: frameCopy.nav.letters, route: { page: 'letters' } },
  { page: 'bookings', label: frameCopy.nav.bookings, route: { page: 'bookings' } },
  { page: 'site', label: frameCopy.nav.site, route: { page: 'site' } },
  { page: 'audience', label: frameCopy.nav.audience, route: { page: 'audience' } },
  // Everyone sees who is on the team (GET staff is every signed-in person's); only owners change it.
  { page: 'team', label: frameCopy.nav.team, route: { page: 'team' } },
  { page: 'settings', label: frameCopy.nav.settings, route: { page: 'settings' } },
  { page: 'account', label: frameCopy.nav.account, route: { page: 'account' } },
];

type StudioFrameProps = {
  /** The section of the studio being shown; none on the signed-out screens. */
  current?: NavPage;
  banner?: ReactNode;
  children: ReactNode;
};

/** Every studio screen: the brand, the studio's sections, the theme, then the screen itself. */
export function StudioFrame({ current, banner, children }: StudioFrameProps) {
  return (
    <>
      <SkipLink label={frameCopy.skipToContent} />
      <header className="border-b border-line bg-paper-raised">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3">
          <p className="flex items-center gap-2 font-display text-lg font-semibold">
            <BrandMark className="size-7" />
            <span>
              {BRAND}{' '}
              <span className="font-sans text-sm font-medium text-ink-muted">
                {frameCopy.studio}
              </span>
            </span>
          </p>
          {current ? (
            // A row of its own below the brand and the theme at every width: the nine sections
            // do not fit beside both in the page's width.
            <nav aria-label={frameCopy.navLabel} className="order-3 w-full">
              {/* On a phone the sections keep to one row that scrolls sideways. */}
              <ul className="-mx-5 flex gap-1 max-sm:overflow-x-auto px-5 max-sm:py-1 sm:mx-0 sm:flex-wrap sm:px-0">
                {NAV.map(({ page, label, route }) => (
                  <li key={page} className="shrink-0">
                    <StudioLink
                      href={hrefFor(route)}
                      aria-current={page === current ? 'page' : undefined}
                      className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-ink-muted hover:bg-ink/5 hover:text-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper"
                    >
                      {label}
                    </StudioLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="ml-auto">
            <ThemeControl labels={frameCopy.theme} />
          </div>
        </div>
      </header>
      {banner}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-5xl px-5 py-8 focus:outline-none sm:py-10"
      >
        {children}
      </main>
    </>
  );
}
