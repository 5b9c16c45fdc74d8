import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashBuildInputs } from './build-inputs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const META = path.join(ROOT, 'dist', 'meta.json');

// The last step of `npm run build`: a build without this stamp is unfinished, so
// build-if-needed builds again instead of serving half of one.
const meta = JSON.parse(await readFile(META, 'utf8')) as Record<string, unknown>;
const inputsHash = await hashBuildInputs(ROOT);
await writeFile(META, `${JSON.stringify({ ...meta, inputsHash }, null, 2)}\n`);
console.log(`Stamped dist/meta.json with the build inputs' hash ${inputsHash.slice(0, 12)}…`);
