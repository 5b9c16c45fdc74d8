import { contactNavLink, navLinks, pageLabels, site } from '../../content/site';
import { Island } from '../../islands/island';
import { island } from './site-header.island';

/** The header as an island: it hydrates at the first touch, focus or key inside it. */
export function Nav() {
  return (
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
  );
}
