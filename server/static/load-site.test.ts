import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_STYLE_HASHES, writeFixtureSite } from '../../tests/server/helpers/fixture-site';
import { loadSite, SiteNotBuiltError } from './load-site';

describe('loading the built site', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'load-site-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('allows exactly the inline styles and scripts the build hashed', async () => {
    const site = await loadSite(await writeFixtureSite(root), { isHttps: false });
    const policy = site.securityHeaders['content-security-policy'] ?? '';
    const styles = FIXTURE_STYLE_HASHES.map((hash) => `'${hash}'`).join(' ');
    expect(policy).toContain(`style-src 'self' ${styles};`);
    expect(policy).not.toContain('unsafe-inline');
  });

  it('says to build first when there is no build', async () => {
    await expect(loadSite(root, { isHttps: false })).rejects.toThrow(SiteNotBuiltError);
  });

  it.each([
    [
      'a hash that would add a source',
      { inlineScriptHashes: ["sha256-x' https://evil.example"], inlineStyleHashes: [] },
    ],
    ['a missing list', { inlineScriptHashes: [] }],
    ['not a list', { inlineScriptHashes: 'sha256-abc=', inlineStyleHashes: [] }],
  ])('refuses to start with %s in meta.json', async (_label, meta) => {
    const dist = await writeFixtureSite(root);
    await writeFile(path.join(dist, 'meta.json'), JSON.stringify(meta));
    await expect(loadSite(dist, { isHttps: false })).rejects.toThrow(/meta\.json must hold/);
  });
});
