import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './node-flags';

const PackageSchema = z.object({ scripts: z.record(z.string(), z.string()) });

describe('the Node flags the server runs with', () => {
  it('are passed by the scripts that start it', async () => {
    const file = path.join(import.meta.dirname, '..', 'package.json');
    const { scripts } = PackageSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    for (const name of ['start', 'serve']) {
      const serverCommand = scripts[name]?.split('&&').at(-1) ?? '';
      for (const flag of SERVER_NODE_FLAGS) expect(serverCommand, name).toContain(` ${flag} `);
    }
  });

  it('are named when missing', () => {
    expect(missingNodeFlags(['--min-semi-space-size=16'])).toEqual([]);
    expect(missingNodeFlags(['--import', 'tsx'])).toEqual(['--min-semi-space-size=16']);
  });
});
