/**
 * Writes every image the site ships: service and portfolio masters, the studio portrait,
 * favicons and the social card. Run: npx tsx scripts/artwork/generate.ts
 */
import { writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { faviconSvg, iconSvg, ogImage } from './brand';
import { packIco } from './ico';
import {
  harborPine,
  lumenSkincare,
  marlowLaw,
  ridgelineBrewing,
  solsticeFestival,
  tidewaterReport,
} from './portfolio-print';
import {
  atlasLogistics,
  bloomBarrel,
  fieldnoteFinance,
  kindredArchitecture,
  northwindOutfitters,
  verdeKitchen,
} from './portfolio-digital';
import { seedFrom } from './random';
import { renderPng, writeJpeg } from './render';
import type { Composition } from './scene';
import {
  marketingStrategy,
  presentations,
  seoResearch,
  socialMedia,
  webDesign,
} from './services-digital';
import {
  corporateIdentity,
  graphicDesign,
  packagingDesign,
  tradeshowBooths,
  weddingAssets,
} from './services-print';
import { studioDesk } from './studio';

const root = join(import.meta.dirname, '..', '..');

const SERVICE_ART = {
  'web-design': webDesign,
  'graphic-design': graphicDesign,
  'packaging-design': packagingDesign,
  'social-media': socialMedia,
  'marketing-strategy': marketingStrategy,
  'corporate-identity': corporateIdentity,
  'wedding-assets': weddingAssets,
  'tradeshow-booths': tradeshowBooths,
  presentations,
  'seo-research': seoResearch,
} satisfies Record<string, Composition>;

const PORTFOLIO_ART = {
  'harbor-pine': harborPine,
  'lumen-skincare': lumenSkincare,
  'northwind-outfitters': northwindOutfitters,
  'fieldnote-finance': fieldnoteFinance,
  'atlas-logistics': atlasLogistics,
  'solstice-festival': solsticeFestival,
  'verde-kitchen': verdeKitchen,
  'bloom-barrel': bloomBarrel,
  'ridgeline-brewing': ridgelineBrewing,
  'marlow-law': marlowLaw,
  'kindred-architecture': kindredArchitecture,
  'tidewater-report': tidewaterReport,
} satisfies Record<string, Composition>;

async function writeFamily(folder: string, family: Record<string, Composition>): Promise<void> {
  for (const [slug, compose] of Object.entries(family)) {
    await writeJpeg(compose(seedFrom(slug)), join(root, 'src/assets', folder, `${slug}.jpg`));
  }
}

async function writeIcons(): Promise<void> {
  const publicDir = join(root, 'public');
  await mkdir(publicDir, { recursive: true });
  await writeFile(join(publicDir, 'favicon.svg'), `${faviconSvg()}\n`);
  const ico = packIco(
    await Promise.all(
      [32, 16].map(async (size) => ({ size, png: await renderPng(iconSvg(size, false)) })),
    ),
  );
  await writeFile(join(publicDir, 'favicon.ico'), ico);
  await writeFile(join(publicDir, 'apple-touch-icon.png'), await renderPng(iconSvg(180, true)));
  await writeJpeg(ogImage(seedFrom('og-image')), join(publicDir, 'og-image.jpg'));
}

await writeFamily('services', SERVICE_ART);
await writeFamily('portfolio', PORTFOLIO_ART);
await writeJpeg(studioDesk(seedFrom('studio')), join(root, 'src/assets/about/studio.jpg'));
await writeIcons();
console.log('Artwork written.');
