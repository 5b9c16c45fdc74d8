import { contactNavLink, navLinks, pageLabels, site } from '../../content/site';
import { Island } from '../../islands/island';
import { composeThemeControlStartupScript } from '../../theme/theme-control-startup';
import type { SiteHeaderProps } from './site-header';
import { island } from './site-header.island';

const THEME_CONTROL_STARTUP = composeThemeControlStartupScript();

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
 * The header as an island: it hydrates at the first touch, focus or key inside it. The script
 * after it presses the stored theme before the first paint.
 */
export function Nav() {
  return (
    <>
      <Island of={island} props={siteHeaderProps} />
      <script dangerouslySetInnerHTML={{ __html: THEME_CONTROL_STARTUP }} />
    </>
  );
}
