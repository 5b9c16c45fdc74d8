import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FIXTURE_HASHES,
  FIXTURE_LANDING_HASHES,
  writeFixtureSite,
} from '../../tests/server/helpers/fixture-site';
import { loadSite, SiteNotBuiltError } from './load-site';

describe('loading the built site', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'load-site-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('allows exactly the inline styles and scripts the build hashed, on `/` only its own', async () => {
    const site = await loadSite(await writeFixtureSite(root), { isHttps: false });
    // `script-src 'self' 'sha256-…' …`: the hashes after 'self', without their quotes.
    const allowed = (headers: Record<string, string>, kind: 'script' | 'style') =>
      (headers['content-security-policy'] ?? '')
        .split('; ')
        .find((directive) => directive.startsWith(`${kind}-src `))
        ?.split(' ')
        .slice(2)
        .map((source) => source.slice(1, -1));
    expect(allowed(site.securityHeaders, 'script')).toEqual(FIXTURE_HASHES.inlineScriptHashes);
    expect(allowed(site.securityHeaders, 'style')).toEqual(FIXTURE_HASHES.inlineStyleHashes);
    const landing = site.files.get('/')?.identity.headers ?? {};
    expect(allowed(landing, 'script')).toEqual(FIXTURE_LANDING_HASHES.inlineScriptHashes);
    expect(allowed(landing, 'style')).toEqual(FIXTURE_LANDING_HASHES.inlineStyleHashes);
    expect(FIXTURE_LANDING_HASHES.inlineScriptHashes.length).toBeLessThan(
      FIXTURE_HASHES.inlineScriptHashes.length,
    );
    expect(site.securityHeaders['content-security-policy']).not.toContain('unsafe-inline');
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
    ['no policy of its own for `/`', { inlineScriptHashes: [], inlineStyleHashes: [] }],
  ])('refuses to start with %s in meta.json', async (_label, meta) => {
    const dist = await writeFixtureSite(root);
    await writeFile(path.join(dist, 'meta.json'), JSON.stringify(meta));
    await expect(loadSite(dist, { isHttps: false })).rejects.toThrow(/meta\.json must hold/);
  });
});
