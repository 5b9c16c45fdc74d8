import { contactNavLink, navLinks, pageLabels, site } from '../../content/site';
import { THEME_CONTROL_STARTUP_SCRIPT } from '../../theme/theme-control-startup';
import { SiteHeader, type SiteHeaderProps } from './site-header';
import { SITE_HEADER_ISLAND } from './site-header-controls';

/** The header's words and links, from the content modules. */
export const siteHeaderProps: SiteHeaderProps = {
  brand: site.brand,
  links: [...navLinks],
  contactLink: contactNavLink,
  labels: {
    mainNav: pageLabels.mainNav,
    menuToggle: pageLabels.menuToggle,
    theme: pageLabels.theme,
  },
};

/**
 * The header in an island box with no props: its controls are wired without React as soon as
 * the page's script runs, and a tap before that is held for them (src/islands/loader.ts). The
 * script after it presses the stored theme before the first paint.
 */
export function Nav() {
  return (
    <>
      <div data-island={SITE_HEADER_ISLAND} className="contents">
        <SiteHeader {...siteHeaderProps} />
      </div>
      <script dangerouslySetInnerHTML={{ __html: THEME_CONTROL_STARTUP_SCRIPT }} />
    </>
  );
}
