import { arrayOf, isText, objectOf, type Checked } from '../../islands/check-props';
import { BrandMark } from '../../components/brand-mark';
import { LineIcon } from '../../components/line-icon';
import { ThemeControl } from '../../components/theme-control';
import { useDisclosure } from './use-disclosure';

const MENU_ID = 'mobile-menu';

const NavLinkSchema = objectOf({ label: isText, href: isText });

export const isSiteHeaderProps = objectOf({
  brand: isText,
  links: arrayOf(NavLinkSchema),
  contactLink: NavLinkSchema,
  labels: objectOf({
    mainNav: isText,
    menuToggle: isText,
    theme: objectOf({
      label: isText,
      light: isText,
      dark: isText,
      system: isText,
    }),
  }),
});
export type SiteHeaderProps = Checked<typeof isSiteHeaderProps>;

/** The fixed header: the brand, the section links, the phone menu and the theme control. */
export function SiteHeader({ brand, links, contactLink, labels }: SiteHeaderProps) {
  const { isOpen, toggle, close, toggleRef } = useDisclosure();
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
          ref={toggleRef}
          type="button"
          aria-expanded={isOpen}
          aria-controls={MENU_ID}
          onClick={toggle}
          className="inline-flex size-11 items-center justify-center rounded-full border border-line no-js:hidden md:hidden"
        >
          <LineIcon name={isOpen ? 'close' : 'menu'} className="size-5" />
          <span className="sr-only">{labels.menuToggle}</span>
        </button>
      </nav>
      <div
        id={MENU_ID}
        className={`${isOpen ? 'block' : 'hidden'} border-t border-line bg-paper no-js:max-md:block md:hidden`}
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-5 py-4">
          {[...links, contactLink].map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                onClick={close}
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
