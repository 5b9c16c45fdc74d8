/** The most characters of a name kept in `filename*`: browsers and proxies cap a header line. */
const ENCODED_NAME_LENGTH = 150;
/** An extension longer than this is not one a person would recognise; it is cut with the name. */
const EXTENSION_LENGTH = 16;

/**
 * The name as a well-formed string: a lone surrogate (half of a UTF-16 pair, which a sender's
 * MIME header can carry) becomes U+FFFD, so nothing below throws (encodeURIComponent would).
 */
function wellFormed(name: string): string {
  return name.replace(/\p{Surrogate}/gu, '\uFFFD');
}

/**
 * The first `length` characters of the name, cut between code points, with its extension
 * kept: a long "brief … .pdf" still opens as a PDF.
 */
function capped(name: string, length: number): string {
  const characters = [...name];
  if (characters.length <= length) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= EXTENSION_LENGTH ? [...name.slice(dot)] : [];
  return [...characters.slice(0, length - extension.length), ...extension].join('');
}

/** A name a browser will save the file under: no path, no quotes, nothing but printable ASCII. */
function asciiName(name: string): string {
  const cleaned = name.replace(/[^\x20-\x7E]|["\\/]/g, '_').trim();
  return cleaned === '' ? 'attachment' : capped(cleaned, ENCODED_NAME_LENGTH);
}

/** A header parameter's value as RFC 5987 writes it. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition for downloading an answer's attachment under the sender's name, whatever
 * that name holds: an ASCII `filename` for old browsers and the name itself in `filename*`,
 * both at most ENCODED_NAME_LENGTH characters before encoding.
 */
export function attachmentDisposition(name: string): string {
  const safe = wellFormed(name).replace(/[\\/]/g, '_').trim() || 'attachment';
  const shown = capped(safe, ENCODED_NAME_LENGTH);
  return `attachment; filename="${asciiName(shown)}"; filename*=UTF-8''${encodeRfc5987(shown)}`;
}
