export const hero = {
  eyebrow: 'Design & marketing studio',
  /** The brand name as the heading shows it, its ampersand set apart. */
  title: { lead: 'Ember', mark: '&', tail: 'Ink' },
  primaryAction: { label: 'Start Your Project', href: '#contact' },
  secondaryAction: { label: 'View Our Work', href: '#portfolio' },
  highlights: ['Brand identity', 'Web & digital', 'Packaging', 'Campaigns'],
} as const;
