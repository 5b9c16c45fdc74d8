export const testimonialsSection = {
  eyebrow: 'Client success stories',
  title: 'What our clients say',
} as const;

export type Testimonial = {
  id: string;
  quote: string;
  author: string;
  role: string;
  company: string;
};

/** The people and companies are fictional samples. */
export const testimonials: readonly Testimonial[] = [
  {
    id: 'maya-okafor',
    quote:
      'Ember & Ink understood our coffee before they drew a single line. Our new identity finally looks like the place our regulars love, and sales of our retail bags doubled in a season.',
    author: 'Maya Okafor',
    role: 'Founder',
    company: 'Harbor & Pine Coffee',
  },
  {
    id: 'daniel-reyes',
    quote:
      'They rebuilt our store to be fast on every phone. Mobile orders are up 38%, and for the first time our website feels like an asset instead of a chore.',
    author: 'Daniel Reyes',
    role: 'Head of E-commerce',
    company: 'Northwind Outfitters',
  },
  {
    id: 'priya-sandoval',
    quote:
      'Clear thinking, beautiful work and no surprises on time or budget. Our launch campaign filled the restaurant for three straight months.',
    author: 'Priya Sandoval',
    role: 'Co-owner',
    company: 'Verde Kitchen',
  },
];
