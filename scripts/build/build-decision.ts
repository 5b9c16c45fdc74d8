import { access } from 'node:fs/promises';
import path from 'node:path';
import { readBuildMeta } from '../../server/build-meta';
import { hashBuildInputs } from './build-inputs';

export type BuildDecision = { needed: false } | { needed: true; reason: string };

/** Files a complete build always has; meta.json's stamp is written after all of them. */
const BUILT_FILES = [
  'client/index.html',
  'app/main.js',
  'app/enquiries.js',
  // The thread that expands calendar rules (server/booking/calendar/off-thread-busy-times.ts).
  'app/calendar-worker.js',
  'site-content.json',
  // What a publish renders `/` into (server/site/load-site-renderer.ts).
  'pages/landing-template.html',
];

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Whether `distDir` is a complete build of the inputs under `root` for `siteOrigin`. */
export async function decideBuild(options: {
  root: string;
  distDir: string;
  siteOrigin: string;
  inputs?: string[];
}): Promise<BuildDecision> {
  const meta = await readBuildMeta(options.distDir);
  if (meta?.inputsHash === undefined) return { needed: true, reason: 'there is no finished build' };
  for (const file of BUILT_FILES) {
    if (!(await exists(path.join(options.distDir, file)))) {
      return { needed: true, reason: `the build lacks ${file}` };
    }
  }
  if (meta.siteUrl !== options.siteOrigin) {
    return {
      needed: true,
      reason: `it was made for SITE_URL=${meta.siteUrl ?? '(not recorded)'}, not ${options.siteOrigin}`,
    };
  }
  if (meta.inputsHash !== (await hashBuildInputs(options.root, options.inputs))) {
    return { needed: true, reason: 'the sources changed since it was made' };
  }
  return { needed: false };
}
