import type { PortfolioCategory } from '../../common/portfolio-categories';
import type { ResponsivePicture } from '../lib/responsive-picture';
import atlasLogistics from '../assets/portfolio/atlas-logistics.jpg?picture';
import bloomBarrel from '../assets/portfolio/bloom-barrel.jpg?picture';
import fieldnoteFinance from '../assets/portfolio/fieldnote-finance.jpg?picture';
import harborPine from '../assets/portfolio/harbor-pine.jpg?picture';
import kindredArchitecture from '../assets/portfolio/kindred-architecture.jpg?picture';
import lumenSkincare from '../assets/portfolio/lumen-skincare.jpg?picture';
import marlowLaw from '../assets/portfolio/marlow-law.jpg?picture';
import northwindOutfitters from '../assets/portfolio/northwind-outfitters.jpg?picture';
import ridgelineBrewing from '../assets/portfolio/ridgeline-brewing.jpg?picture';
import solsticeFestival from '../assets/portfolio/solstice-festival.jpg?picture';
import tidewaterReport from '../assets/portfolio/tidewater-report.jpg?picture';
import verdeKitchen from '../assets/portfolio/verde-kitchen.jpg?picture';

export const portfolioSection = {
  eyebrow: 'Selected work',
  title: 'Our portfolio',
  intro: 'A few recent projects for founders, family businesses and growing brands.',
  filterLabel: 'Filter projects by category',
  describeCount: (count: number) => `Showing ${count} ${count === 1 ? 'project' : 'projects'}`,
} as const;

export {
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_FILTERS,
  portfolioFilters,
  type PortfolioCategory,
  type PortfolioFilter,
} from '../../common/portfolio-categories';

export type PortfolioItem = {
  id: string;
  title: string;
  category: PortfolioCategory;
  description: string;
  image: ResponsivePicture;
  imageAlt: string;
};

export const portfolioItems: readonly PortfolioItem[] = [
  {
    id: 'harbor-pine',
    title: 'Harbor & Pine Coffee',
    category: 'Branding',
    description: 'A coastal roastery identity: hand-cut wordmark, warm palette and café signage.',
    image: harborPine,
    imageAlt: 'Coffee cup, bag and cards carrying the Harbor & Pine mark',
  },
  {
    id: 'lumen-skincare',
    title: 'Lumen Skincare',
    category: 'Packaging',
    description: 'Frosted bottles and soft-touch boxes for a clean, minimalist skincare line.',
    image: lumenSkincare,
    imageAlt: 'Frosted skincare bottles and boxes in soft pastel tones',
  },
  {
    id: 'northwind-outfitters',
    title: 'Northwind Outfitters',
    category: 'Web Design',
    description: 'An online store for outdoor gear, rebuilt for speed; mobile sales up 38%.',
    image: northwindOutfitters,
    imageAlt: 'A browser window showing an outdoor gear storefront',
  },
  {
    id: 'fieldnote-finance',
    title: 'Fieldnote Finance',
    category: 'Mobile Design',
    description: 'A budgeting app that makes monthly money check-ins calm instead of stressful.',
    image: fieldnoteFinance,
    imageAlt: 'Two phone screens with a budgeting app and spending charts',
  },
  {
    id: 'atlas-logistics',
    title: 'Atlas Logistics',
    category: 'UI/UX Design',
    description: 'A fleet dashboard redesigned around the three questions dispatchers ask most.',
    image: atlasLogistics,
    imageAlt: 'A logistics dashboard with a route map and status cards',
  },
  {
    id: 'solstice-festival',
    title: 'Solstice Festival',
    category: 'Graphic Design',
    description: 'A poster series and wayfinding system for a three-day summer music festival.',
    image: solsticeFestival,
    imageAlt: 'A series of bright festival posters with a rising sun motif',
  },
  {
    id: 'verde-kitchen',
    title: 'Verde Kitchen',
    category: 'Marketing',
    description:
      'A city-wide launch campaign across billboards, print and social for a new restaurant.',
    image: verdeKitchen,
    imageAlt: 'A green campaign billboard above a city street',
  },
  {
    id: 'bloom-barrel',
    title: 'Bloom & Barrel',
    category: 'Social Media',
    description: 'A seasonal content series for a florist and wine bar that tripled its followers.',
    image: bloomBarrel,
    imageAlt: 'A grid of floral social media posts in a phone frame',
  },
  {
    id: 'ridgeline-brewing',
    title: 'Ridgeline Brewing',
    category: 'Packaging',
    description: 'Can and label designs for a craft brewery, one mountain ridge per beer.',
    image: ridgelineBrewing,
    imageAlt: 'Beer cans with layered mountain ridge labels',
  },
  {
    id: 'marlow-law',
    title: 'Marlow & Associates',
    category: 'Branding',
    description: 'A modern identity for a family law firm: approachable, steady and clear.',
    image: marlowLaw,
    imageAlt: 'Stationery set with the Marlow & Associates monogram',
  },
  {
    id: 'kindred-architecture',
    title: 'Kindred Architecture',
    category: 'Web Design',
    description: 'A portfolio site where large photography and quiet type let the buildings speak.',
    image: kindredArchitecture,
    imageAlt: 'A minimalist architecture portfolio website in a browser window',
  },
  {
    id: 'tidewater-report',
    title: 'Tidewater Annual Report',
    category: 'Graphic Design',
    description: 'A data-rich annual report for a coastal conservation trust, in print and online.',
    image: tidewaterReport,
    imageAlt: 'Open annual report spreads with wave charts and infographics',
  },
];
