import { Menu, X } from 'lucide-react';
import { contactNavLink, navLinks, pageLabels, site } from '../../content/site';
import { BrandMark } from '../../components/brand-mark';
import { ThemeControl } from '../../components/theme-control';
import { useDisclosure } from './use-disclosure';

const MENU_ID = 'mobile-menu';

export function Nav() {
  const { isOpen, toggle, close, toggleRef } = useDisclosure();
  return (
    <header
      id="top"
      className="fixed inset-x-0 top-0 z-50 border-b border-line/70 bg-paper/85 backdrop-blur-md no-js:max-md:static"
    >
      <nav
        aria-label={pageLabels.mainNav}
        className="mx-auto flex h-18 max-w-6xl items-center gap-6 px-5 sm:px-8"
      >
        <a
          href="#top"
          className="mr-auto inline-flex items-center gap-2.5 font-display text-xl font-semibold"
        >
          <BrandMark className="size-8" />
          {site.brand}
        </a>
        <ul className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
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
              href={contactNavLink.href}
              className="rounded-full bg-ember px-5 py-2.5 text-sm font-semibold text-on-ember transition-colors hover:bg-ember-strong"
            >
              {contactNavLink.label}
            </a>
          </li>
        </ul>
        <div className="hidden no-js:hidden md:block">
          <ThemeControl labels={pageLabels.theme} />
        </div>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={isOpen}
          aria-controls={MENU_ID}
          onClick={toggle}
          className="inline-flex size-11 items-center justify-center rounded-full border border-line no-js:hidden md:hidden"
        >
          {isOpen ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
          <span className="sr-only">{pageLabels.menuToggle}</span>
        </button>
      </nav>
      <div
        id={MENU_ID}
        className={`${isOpen ? 'block' : 'hidden'} border-t border-line bg-paper no-js:max-md:block md:hidden`}
      >
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-5 py-4">
          {[...navLinks, contactNavLink].map((link) => (
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
            <ThemeControl labels={pageLabels.theme} />
          </li>
        </ul>
      </div>
    </header>
  );
}
