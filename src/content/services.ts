import corporateIdentity from '../assets/services/corporate-identity.jpg?picture';
import graphicDesign from '../assets/services/graphic-design.jpg?picture';
import marketingStrategy from '../assets/services/marketing-strategy.jpg?picture';
import packagingDesign from '../assets/services/packaging-design.jpg?picture';
import presentations from '../assets/services/presentations.jpg?picture';
import seoResearch from '../assets/services/seo-research.jpg?picture';
import socialMedia from '../assets/services/social-media.jpg?picture';
import tradeshowBooths from '../assets/services/tradeshow-booths.jpg?picture';
import webDesign from '../assets/services/web-design.jpg?picture';
import weddingAssets from '../assets/services/wedding-assets.jpg?picture';
import type { ResponsivePicture } from '../lib/responsive-picture';

export const servicesSection = {
  eyebrow: 'What we do',
  title: 'Services built around your brand',
  intro:
    'Ten disciplines under one roof, so your identity, website and campaigns speak with one voice.',
} as const;

export type Service = {
  id: string;
  title: string;
  description: string;
  image: ResponsivePicture;
  imageAlt: string;
};

export const services: readonly Service[] = [
  {
    id: 'web-design',
    title: 'Web Design & Development',
    description:
      'Fast, accessible websites that tell your story and turn visitors into clients, built to grow with you.',
    image: webDesign,
    imageAlt: 'A layered browser window showing a bold landing page layout',
  },
  {
    id: 'graphic-design',
    title: 'Graphic Design',
    description:
      'Posters, brochures, editorial spreads and digital graphics with a clear idea behind every choice.',
    image: graphicDesign,
    imageAlt: 'Overlapping poster compositions in ember and gold',
  },
  {
    id: 'packaging-design',
    title: 'Packaging Design',
    description:
      'Boxes, labels and bottles that stand out on the shelf and feel right in the hand.',
    image: packagingDesign,
    imageAlt: 'A set of product boxes and bottles with matching labels',
  },
  {
    id: 'social-media',
    title: 'Social Media Management',
    description:
      'Content calendars, post design and community care that keep your brand consistent and present.',
    image: socialMedia,
    imageAlt: 'A grid of coordinated social media post tiles',
  },
  {
    id: 'marketing-strategy',
    title: 'Marketing Strategy',
    description:
      'Research-led plans that name your audience, your message and the channels worth your budget.',
    image: marketingStrategy,
    imageAlt: 'Abstract charts and a target rising over a campaign plan',
  },
  {
    id: 'corporate-identity',
    title: 'Corporate Identity',
    description:
      'Logos, colour, type and guidelines: a complete identity system your whole team can use.',
    image: corporateIdentity,
    imageAlt: 'Business cards, letterhead and a logo mark laid out as a stationery set',
  },
  {
    id: 'wedding-assets',
    title: 'Wedding Assets',
    description:
      'Invitations, monograms, signage and keepsakes designed as one graceful, personal set.',
    image: weddingAssets,
    imageAlt: 'Wedding invitation cards with a monogram and ribbon',
  },
  {
    id: 'tradeshow-booths',
    title: 'Tradeshow Booths',
    description:
      'Booths, banners and displays that draw a crowd from across the hall and start conversations.',
    image: tradeshowBooths,
    imageAlt: 'An exhibition booth with tall banners and a welcome counter',
  },
  {
    id: 'presentations',
    title: 'PowerPoint Presentations',
    description:
      'Pitch decks and keynote slides that make complex ideas clear and leave the room convinced.',
    image: presentations,
    imageAlt: 'A presentation slide with a headline chart on a projector screen',
  },
  {
    id: 'seo-research',
    title: 'SEO & Research',
    description:
      'Audits, keyword research and content plans that help the right people find you first.',
    image: seoResearch,
    imageAlt: 'A magnifying glass over ranked search results and trend lines',
  },
];
