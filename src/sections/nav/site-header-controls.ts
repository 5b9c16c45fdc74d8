import { storeThemePreference } from '../../theme/theme-choice';
import { THEME_PREFERENCES, THEME_SETTINGS, type ThemePreference } from '../../theme/theme-startup';

/** The name the header's island box carries, and the registry's key for this module. */
export const SITE_HEADER_ISLAND = 'site-header';

function isThemePreference(value: string | undefined): value is ThemePreference {
  return THEME_PREFERENCES.some((preference) => preference === value);
}

/**
 * Makes the server-rendered header respond without React: the phone menu opens and closes
 * with its toggle, after a link is chosen and on Escape (which gives focus back to the toggle,
 * so a keyboard user is never left on a hidden link); the theme buttons keep and apply the
 * choice and show it pressed, in the header and in the menu alike. A tap on the menu then needs
 * a few hundred bytes of script, not React.
 */
export function controlSiteHeader(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLButtonElement>('button[aria-controls]');
  const menu = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
  if (toggle === null || menu === null) throw new Error('The header has no menu toggle.');

  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('hidden', !open);
    menu.classList.toggle('block', open);
  };

  toggle.addEventListener('click', () => setOpen(!isOpen()));
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a') !== null) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    toggle.focus();
  });
  header.addEventListener('click', (event) => {
    const option =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>('[data-theme-option]')
        : null;
    const preference = option?.dataset.themeOption;
    if (!isThemePreference(preference)) return;
    storeThemePreference(THEME_SETTINGS, preference);
    header.querySelectorAll<HTMLElement>('[data-theme-option]').forEach((button) => {
      button.setAttribute('aria-pressed', String(button.dataset.themeOption === preference));
    });
  });
}
