import { BrandMark } from '../../components/brand-mark';
import { LineIcon } from '../../components/line-icon';
import { ThemeControl } from '../../components/theme-control';

const MENU_ID = 'mobile-menu';

type NavLink = { label: string; href: string };

export type SiteHeaderProps = {
  brand: string;
  links: readonly NavLink[];
  contactLink: NavLink;
  labels: {
    mainNav: string;
    menuToggle: string;
    theme: { label: string; light: string; dark: string; system: string };
  };
};

/**
 * The fixed header: the brand, the section links, the phone menu and the theme control. It is
 * rendered on the server only; `site-header-controls.ts` makes its buttons respond.
 */
export function SiteHeader({ brand, links, contactLink, labels }: SiteHeaderProps) {
  return (
    <header
      id="top"
      className="fixed inset-x-0 top-0 z-50 border-b border-line/70 bg-paper/85 backdrop-blur-md no-js:max-md:static"
    >
      <nav
        aria-label={labels.mainNav}
        className="mx-auto flex h-18 max-w-6xl items-center gap-6 px-5 sm:px-8"
      >
        <a
          href="#top"
          className="mr-auto inline-flex items-center gap-2.5 font-display text-xl font-semibold"
        >
          <BrandMark className="size-8" />
          {brand}
        </a>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="rounded-full px-4 py-2 text-sm font-medium text-ink-muted transition-colors hover:text-ink"
              >
                {link.label}
              </a>
            </li>
          ))}
          <li className="ml-2">
            <a
              href={contactLink.href}
              className="rounded-full bg-ember px-5 py-2.5 text-sm font-semibold text-on-ember transition-colors hover:bg-ember-strong"
            >
              {contactLink.label}
            </a>
          </li>
        </ul>
        <div className="hidden no-js:hidden md:block">
          <ThemeControl labels={labels.theme} />
        </div>
        <button
          type="button"
          aria-expanded="false"
          aria-controls={MENU_ID}
          className="group inline-flex size-11 items-center justify-center rounded-full border border-line no-js:hidden md:hidden"
        >
          <LineIcon name="menu" className="size-5 group-aria-expanded:hidden" />
          <LineIcon name="close" className="hidden size-5 group-aria-expanded:block" />
          <span className="sr-only">{labels.menuToggle}</span>
        </button>
      </nav>
      <div
        id={MENU_ID}
        className="hidden border-t border-line bg-paper no-js:max-md:block md:hidden"
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-5 py-4">
          {[...links, contactLink].map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="block rounded-xl px-4 py-3 text-lg font-medium hover:bg-paper-sunk"
              >
                {link.label}
              </a>
            </li>
          ))}
          <li className="px-4 pt-3 no-js:hidden">
            <ThemeControl labels={labels.theme} />
          </li>
        </ul>
      </div>
    </header>
  );
}
