export type AcceptedEncodings = { br: boolean; gzip: boolean };

const NONE: AcceptedEncodings = { br: false, gzip: false };
const CACHE_LIMIT = 128;
const cache = new Map<string, AcceptedEncodings>();

function parse(header: string): AcceptedEncodings {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string): boolean => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return { br: accepts('br'), gzip: accepts('gzip') || accepts('x-gzip') };
}

/**
 * Which compressed variants the client accepts (q=0 refuses one). Browsers send a handful of
 * distinct header values, so answers are remembered to keep parsing off the hot path.
 */
export function acceptedEncodings(header: string | null): AcceptedEncodings {
  if (header === null || header === '') return NONE;
  let accepted = cache.get(header);
  if (accepted === undefined) {
    accepted = parse(header);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(header, accepted);
  }
  return accepted;
}
