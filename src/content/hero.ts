export const hero = {
  eyebrow: 'Design & marketing studio',
  primaryAction: { label: 'Start Your Project', href: '#contact' },
  secondaryAction: { label: 'View Our Work', href: '#portfolio' },
  highlights: ['Brand identity', 'Web & digital', 'Packaging', 'Campaigns'],
} as const;
