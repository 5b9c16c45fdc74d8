/** Brand, contact details and the navigation: the copy every section shares. */
export const site = {
  brand: 'Ember & Ink',
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

export type NavLink = { label: string; href: `#${string}` };

export const navLinks: readonly NavLink[] = [
  { label: 'Services', href: '#services' },
  { label: 'Portfolio', href: '#portfolio' },
  { label: 'About', href: '#about' },
];

export const contactNavLink: NavLink = { label: 'Contact', href: '#contact' };
