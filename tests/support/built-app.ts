import { existsSync } from 'node:fs';
import path from 'node:path';

const BUILT_APP = path.resolve(import.meta.dirname, '..', '..', 'dist', 'app');

function builtFile(name: string): string {
  const file = path.join(BUILT_APP, name);
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: run \`npm run build\` first (\`npm test\` does), so the tests run ` +
        'the server exactly as production does.',
    );
  }
  return file;
}

/** The compiled server that `npm run serve` runs with node. */
export function builtServer(): string {
  return builtFile('main.js');
}

/** The compiled studio CLI that `npm run enquiries` runs with node. */
export function builtCli(): string {
  return builtFile('enquiries.js');
}
