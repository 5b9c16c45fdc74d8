import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { PREFETCH_LIST_ID } from '../../src/islands/prefetch';
import { ISLANDS } from '../../src/islands/registry';

/** Vite's build manifest (`build.manifest`), keyed by source path. */
const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.optional(z.string()),
    imports: z.optional(z.array(z.string())),
  }),
);
type Manifest = z.infer<typeof ManifestSchema>;

export const MANIFEST_FILE = 'landing-manifest.json';
const HYDRATE_MODULE = 'src/islands/hydrate-island.tsx';

/**
 * Reads the landing page's build manifest and moves it out of the served folder: it names
 * every chunk, which is the build's business, not a visitor's.
 */
export async function takeManifest(clientDir: string, distDir: string): Promise<Manifest> {
  const kept = join(distDir, MANIFEST_FILE);
  await rename(join(clientDir, MANIFEST_FILE), kept);
  return ManifestSchema.parse(JSON.parse(await readFile(kept, 'utf8')));
}

/** A module's chunk and every chunk it imports statically, as URLs. */
function chunksOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`The build manifest has no ${key}.`);
  const url = `/${chunk.file}`;
  if (into.has(url)) return into;
  into.add(url);
  for (const imported of chunk.imports ?? []) chunksOf(manifest, imported, into);
  return into;
}

/**
 * What the `intent` islands need (React, the hydration helper, each island's chunk), as the
 * JSON list src/islands/prefetch.ts fetches once the page has loaded. Islands are found in the
 * manifest by their file name, `<name>.island.tsx`.
 */
export function islandPrefetchList(manifest: Manifest): string {
  const urls = chunksOf(manifest, HYDRATE_MODULE);
  for (const [name, entry] of Object.entries(ISLANDS)) {
    if (entry.wake !== 'intent') continue;
    const key = Object.keys(manifest).find((source) => source.endsWith(`/${name}.island.tsx`));
    if (key === undefined) throw new Error(`No ${name}.island.tsx in the build manifest.`);
    chunksOf(manifest, key, urls);
  }
  return `<script type="application/json" id="${PREFETCH_LIST_ID}">${JSON.stringify([...urls])}</script>`;
}
