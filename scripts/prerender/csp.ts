import { createHash } from 'node:crypto';

function sha256(body: string): string {
  return `sha256-${createHash('sha256').update(body).digest('base64')}`;
}

/** CSP hashes for every inline executable script, so the policy needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', body = ''] = match;
    // Data blocks (JSON-LD, island props) are never run, so the policy need not allow them.
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(sha256(body));
  }
  return [...hashes];
}

/** CSP hashes for every inline stylesheet, for the same reason. */
export function inlineStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g))
    hashes.add(sha256(match[1] ?? ''));
  return [...hashes];
}

/** What dist/meta.json lists for a set of pages: every hash any of them needs, once. */
export function inlineHashesOf(pages: readonly string[]): {
  inlineScriptHashes: string[];
  inlineStyleHashes: string[];
} {
  return {
    inlineScriptHashes: [...new Set(pages.flatMap(inlineScriptHashes))],
    inlineStyleHashes: [...new Set(pages.flatMap(inlineStyleHashes))],
  };
}
