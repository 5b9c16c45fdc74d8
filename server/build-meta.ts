import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

/** What `npm run build` records about itself in dist/meta.json, beside the CSP hashes. */
const BuildMetaSchema = z.object({
  siteUrl: z.string().optional(),
  inputsHash: z.string().optional(),
});
export type BuildMeta = z.infer<typeof BuildMetaSchema>;

/** dist/meta.json, or null when there is none or it is not readable as one. */
export async function readBuildMeta(distDir: string): Promise<BuildMeta | null> {
  const text = await readFile(path.join(distDir, 'meta.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  try {
    const meta = BuildMetaSchema.safeParse(JSON.parse(text));
    return meta.success ? meta.data : null;
  } catch {
    return null;
  }
}

/**
 * Why this build must not be served for `siteOrigin`, or null when it may. The origin is baked
 * into the canonical link, Open Graph, JSON-LD and sitemap, while the server checks Origin
 * against the configured one: serving a build made for another origin breaks both.
 */
export function explainOriginMismatch(meta: BuildMeta, siteOrigin: string): string | null {
  if (meta.siteUrl === siteOrigin) return null;
  return (
    `The build was made for SITE_URL=${meta.siteUrl ?? '(not recorded)'}, but SITE_URL is ` +
    `${siteOrigin}. Rebuild with \`SITE_URL=${siteOrigin} npm run build\` ` +
    '(`npm start` rebuilds by itself), or set SITE_URL to the value the build was made for.'
  );
}
