import { contactNavLink, navLinks, pageLabels, site } from '../../content/site';
import { Island } from '../../islands/island';
import { composeThemeControlStartupScript } from '../../theme/theme-control-startup';
import { island } from './site-header.island';

const THEME_CONTROL_STARTUP = composeThemeControlStartupScript();

/** The header as an island: it hydrates at the first touch, focus or key inside it. */
export function Nav() {
  return (
    <>
      <Island
        of={island}
        props={{
          brand: site.brand,
          links: [...navLinks],
          contactLink: contactNavLink,
          labels: {
            mainNav: pageLabels.mainNav,
            menuToggle: pageLabels.menuToggle,
            theme: pageLabels.theme,
          },
        }}
      />
      <script dangerouslySetInnerHTML={{ __html: THEME_CONTROL_STARTUP }} />
    </>
  );
}
