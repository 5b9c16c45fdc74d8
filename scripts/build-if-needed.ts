import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, readConfig } from '../server/config';
import { decideBuild } from './build/build-decision';

const ROOT = path.resolve(import.meta.dirname, '..');

function readSiteOrigin(): string {
  try {
    return readConfig(process.env).siteOrigin;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

// Everything this prints goes to stderr: `npm run enquiries -- export` writes its data to stdout.
const decision = await decideBuild({
  root: ROOT,
  distDir: path.join(ROOT, 'dist'),
  siteOrigin: readSiteOrigin(),
});
if (!decision.needed) {
  console.error('build-if-needed: dist/ is up to date');
} else {
  console.error(`build-if-needed: building, because ${decision.reason}`);
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: ['inherit', 2, 'inherit'],
  });
  process.exit(result.status ?? 1);
}
