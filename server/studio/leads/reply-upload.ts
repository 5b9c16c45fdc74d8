import { LEAD_LIMITS } from '../../../common/leads';

/** A file a reply carries, as stored and sent. */
export type ReplyFile = { name: string; type: string; content: Buffer };

/** The most bytes a reply's files may hold together: the size kept of a received message. */
export const REPLY_FILES_BYTES = LEAD_LIMITS.messageBytes;
/** Room for the text, the CC and the form's own framing beside the files. */
const FORM_OVERHEAD_BYTES = 256 * 1024;
const NAME_LENGTH = 150;

export type ReplyUpload =
  | { ok: true; body: { text: unknown; cc: unknown }; files: ReplyFile[] }
  | { ok: false; status: 400 | 413 };

/** A file's name with no path, no control characters, at most NAME_LENGTH characters. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\p{Surrogate}/gu, '\uFFFD')
    .trim();
  const characters = [...cleaned];
  return characters.length === 0 ? 'attachment' : characters.slice(0, NAME_LENGTH).join('');
}

/** The body, read up to `limit` bytes; null when it is longer. */
async function readBounded(request: Request, limit: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) return null;
  const reader = request.body?.getReader();
  if (reader === undefined) return new Uint8Array();
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
  return Buffer.concat(chunks);
}

/**
 * A reply sent as `multipart/form-data`: its `text`, its `cc` (one address per field) and its
 * `files`, ≤ REPLY_FILES_BYTES together (413 beyond, read no further than that).
 */
export async function readReplyUpload(request: Request): Promise<ReplyUpload> {
  const bytes = await readBounded(request, REPLY_FILES_BYTES + FORM_OVERHEAD_BYTES);
  if (bytes === null) return { ok: false, status: 413 };
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    return { ok: false, status: 400 };
  }
  const files: ReplyFile[] = [];
  for (const entry of form.getAll('files')) {
    if (typeof entry === 'string') return { ok: false, status: 400 };
    files.push({
      name: sanitiseFileName(entry.name),
      type: entry.type || 'application/octet-stream',
      content: Buffer.from(await entry.arrayBuffer()),
    });
  }
  const total = files.reduce((sum, file) => sum + file.content.byteLength, 0);
  if (total > REPLY_FILES_BYTES) return { ok: false, status: 413 };
  const cc = form.getAll('cc');
  return {
    ok: true,
    body: { text: form.get('text') ?? undefined, cc: cc.length === 0 ? undefined : cc },
    files,
  };
}
