/** Brand, contact details and the navigation: the copy every section shares. */
export const site = {
  brand: 'Ember & Ink',
  /** The landing page's title in the browser tab and in search results. */
  title: 'Ember & Ink | Design & Marketing Studio',
  tagline:
    'Igniting brands through exceptional design, strategic marketing, and creative excellence',
  description:
    'Ember & Ink is a design and marketing studio: brand identity, web design, packaging, social media and campaigns for businesses with something to say.',
  email: 'hello@emberandink.example',
  phone: '+1 (555) 010-0142',
  phoneHref: 'tel:+15550100142',
  visit: 'By Appointment Only',
  copyrightYear: 2025,
} as const;

/** Names a screen reader speaks for the page's landmarks and controls. */
export const pageLabels = {
  skipLink: 'Skip to content',
  mainNav: 'Main',
  menuToggle: 'Menu',
  theme: {
    label: 'Colour theme',
    light: 'Light theme',
    dark: 'Dark theme',
    system: 'System theme',
  },
} as const;

export type NavLink = { label: string; href: `#${string}` };

export const navLinks: readonly NavLink[] = [
  { label: 'Services', href: '#services' },
  { label: 'Portfolio', href: '#portfolio' },
  { label: 'About', href: '#about' },
];

export const contactNavLink: NavLink = { label: 'Contact', href: '#contact' };
