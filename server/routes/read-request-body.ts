import type { ApiErrorCode } from '../../common/api';

/** How the body came: JSON from the app's script, or a plain HTML form post. */
export type BodyKind = 'json' | 'form';

export type BodyResult =
  | { ok: true; kind: BodyKind; value: unknown }
  | { ok: false; status: 400 | 413 | 415; error: ApiErrorCode };

const utf8 = new TextDecoder('utf-8', { fatal: true });

const MEDIA_TYPES = new Map<string, BodyKind>([
  ['application/json', 'json'],
  ['application/x-www-form-urlencoded', 'form'],
]);

/** The body's kind from its Content-Type; null for any other type or a charset but UTF-8. */
export function bodyKindOf(header: string | null): BodyKind | null {
  if (header === null) return null;
  const [mediaType = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  const kind = MEDIA_TYPES.get(mediaType);
  if (kind === undefined) return null;
  return params.every((param) => param === '' || /^charset="?utf-8"?$/.test(param)) ? kind : null;
}

/**
 * A form post's fields as an object without a prototype, so the schema sees what a JSON body
 * would give. A field sent twice is refused: a form of ours never does that.
 */
function parseForm(text: string): Record<string, string> | null {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) return null;
    fields[name] = value;
  }
  return fields;
}

/** What a body without a Content-Length starts in; it grows by doubling, up to the limit. */
const FIRST_ALLOCATION_BYTES = 16 * 1024;

/**
 * Reads at most `limit` bytes, counting what actually arrives rather than trusting headers; null
 * (and the rest of the body left unread) when there is more. Each chunk is copied into one
 * buffer as it arrives, sized from `expected` (the declared Content-Length) when there is one,
 * so a 10 MB upload is held once, not once in chunks and again joined.
 */
export async function readLimited(
  body: ReadableStream<Uint8Array>,
  limit: number,
  expected?: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const first = expected !== undefined && expected >= 0 ? expected : FIRST_ALLOCATION_BYTES;
  let buffer = new Uint8Array(Math.min(first, limit));
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel();
      return null;
    }
    if (size + value.byteLength > buffer.byteLength) {
      const grown = new Uint8Array(
        Math.min(limit, Math.max(buffer.byteLength * 2, size + value.byteLength)),
      );
      grown.set(buffer.subarray(0, size));
      buffer = grown;
    }
    buffer.set(value, size);
    size += value.byteLength;
  }
  return buffer.subarray(0, size);
}

/** The Content-Length a request declares, when it is a plain number. */
export function declaredLength(request: Request): number | undefined {
  const header = request.headers.get('content-length');
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

/**
 * Checks the envelope (encoding, type, size) before any byte is parsed, then parses JSON or a
 * form post, both UTF-8.
 */
export async function readRequestBody(request: Request, limit: number): Promise<BodyResult> {
  const encoding = request.headers.get('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    return { ok: false, status: 415, error: 'compressed_body' };
  }
  const kind = bodyKindOf(request.headers.get('content-type'));
  if (kind === null) return { ok: false, status: 415, error: 'not_json' };
  const declared = declaredLength(request);
  if (declared !== undefined && declared > limit) {
    return { ok: false, status: 413, error: 'too_large' };
  }
  const bytes =
    request.body === null ? new Uint8Array(0) : await readLimited(request.body, limit, declared);
  if (bytes === null) return { ok: false, status: 413, error: 'too_large' };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { ok: false, status: 400, error: kind === 'json' ? 'bad_json' : 'bad_form' };
  }
  if (kind === 'form') {
    const fields = parseForm(text);
    if (fields === null) return { ok: false, status: 400, error: 'bad_form' };
    return { ok: true, kind, value: fields };
  }
  try {
    return { ok: true, kind, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, error: 'bad_json' };
  }
}

/** JSON only, for routes no form posts to: a form body is refused like any other type. */
export async function readJsonBody(request: Request, limit: number): Promise<BodyResult> {
  if (bodyKindOf(request.headers.get('content-type')) === 'form') {
    return { ok: false, status: 415, error: 'not_json' };
  }
  return readRequestBody(request, limit);
}
