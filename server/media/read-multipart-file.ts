const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The boundary a `multipart/form-data` Content-Type names, or null for any other type. */
export function multipartBoundary(contentType: string | null): string | null {
  if (contentType === null || !/^multipart\/form-data\s*;/i.test(contentType.trim())) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^";\s]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** The `name` a part's Content-Disposition gives it, when the part is a file. */
function fileFieldName(headers: string): string | null {
  const disposition = headers.split('\r\n').find((line) => /^content-disposition\s*:/i.test(line));
  if (disposition === undefined || !/;\s*filename\*?=/i.test(disposition)) return null;
  return /;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/**
 * The bytes of the one file sent in `field`, as a view of the body (never a copy), or null
 * when the body is not well-formed multipart, has no such file or has it twice.
 */
export function readMultipartFile(body: Buffer, boundary: string, field: string): Buffer | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  let found: Buffer | null = null;
  let at = body.indexOf(delimiter);
  if (at === -1) return null;
  at += delimiter.length;
  for (;;) {
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return found; // "--": the closing delimiter
    if (!body.subarray(at, at + 2).equals(CRLF)) return null;
    const headersEnd = body.indexOf(HEADERS_END, at);
    if (headersEnd === -1) return null;
    const contentStart = headersEnd + HEADERS_END.length;
    const contentEnd = body.indexOf(nextDelimiter, contentStart);
    if (contentEnd === -1) return null;
    if (fileFieldName(body.toString('latin1', at + 2, headersEnd)) === field) {
      if (found !== null) return null;
      found = body.subarray(contentStart, contentEnd);
    }
    at = contentEnd + nextDelimiter.length;
  }
}
