import studio from '../assets/about/studio.jpg?picture';
import { award } from './award';

export type Counter = { id: string; target: number; suffix: string; label: string };

export const about = {
  eyebrow: 'About the studio',
  title: 'Small studio. Serious craft.',
  paragraphs: [
    'Ember & Ink began at a kitchen table with one belief: good design is a business decision, not decoration. Twenty-five years later we are a close team of designers, strategists and writers who still sweat the details.',
    'We work with founders, family businesses and growing brands who want work that lasts. Every project starts with listening and ends with a brand that feels unmistakably yours.',
  ],
  award,
  image: studio,
  imageAlt: 'A studio desk seen from above, with a sketchbook, colour swatches and pens',
  counters: [
    { id: 'projects', target: 500, suffix: '+', label: 'Projects Delivered' },
    { id: 'clients', target: 200, suffix: '+', label: 'Happy Clients' },
    { id: 'years', target: 25, suffix: '+', label: 'Years Experience' },
  ] satisfies Counter[],
} as const;
