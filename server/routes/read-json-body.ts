import type { ApiErrorCode } from '../../common/api';

export type BodyResult =
  { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; error: ApiErrorCode };

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isJsonContentType(header: string | null): boolean {
  if (header === null) return false;
  const [mediaType = '', ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') return false;
  return params.every((param) => param === '' || /^charset="?utf-8"?$/.test(param));
}

/** Reads at most `limit` bytes, counting what actually arrives rather than trusting headers. */
async function readLimited(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}

/** Checks the envelope (encoding, type, size) before any byte is parsed, then parses JSON. */
export async function readJsonBody(request: Request, limit: number): Promise<BodyResult> {
  const encoding = request.headers.get('content-encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') {
    return { ok: false, status: 415, error: 'compressed_body' };
  }
  if (!isJsonContentType(request.headers.get('content-type'))) {
    return { ok: false, status: 415, error: 'not_json' };
  }
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) {
    return { ok: false, status: 413, error: 'too_large' };
  }
  const bytes = request.body === null ? new Uint8Array(0) : await readLimited(request.body, limit);
  if (bytes === null) return { ok: false, status: 413, error: 'too_large' };
  try {
    return { ok: true, value: JSON.parse(utf8.decode(bytes)) };
  } catch {
    return { ok: false, status: 400, error: 'bad_json' };
  }
}
