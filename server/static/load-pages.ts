import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type Pages = {
  /** Prerendered HTML by name, e.g. `newsletter/confirm`. */
  pages: ReadonlyMap<string, string>;
  /** The newsletter box's wording at build time, kept with each sign-up as proof. */
  newsletterWording: string | null;
};

/**
 * Reads dist/pages/: pages the app answers itself (never served as files). A build without
 * them (an older one) has none; routes that need one then fail loudly.
 */
export async function loadPages(distDir: string): Promise<Pages> {
  const root = path.join(distDir, 'pages');
  const pages = new Map<string, string>();
  const newsletterDir = path.join(root, 'newsletter');
  const names = await readdir(newsletterDir).catch((): string[] => []);
  for (const name of names.filter((file) => file.endsWith('.html'))) {
    pages.set(
      `newsletter/${name.slice(0, -5)}`,
      await readFile(path.join(newsletterDir, name), 'utf8'),
    );
  }
  const wording = await readFile(path.join(root, 'newsletter-wording.txt'), 'utf8').catch(
    () => null,
  );
  return { pages, newsletterWording: wording };
}
