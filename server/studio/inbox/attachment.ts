import type { HeaderRecord } from '../../security-headers';
import { STUDIO_HEADERS } from '../studio-responses';

/** A download: the file name is ours (ASCII, no quotes), never taken from the request. */
export function attachment(
  body: ReadableStream<Uint8Array> | string,
  file: { contentType: string; fileName: string },
  securityHeaders: HeaderRecord,
): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...securityHeaders,
      ...STUDIO_HEADERS,
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
    },
  });
}
