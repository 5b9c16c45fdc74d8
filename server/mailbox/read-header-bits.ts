import { simpleParser } from 'mailparser';

/** How far into a message its From and Subject are looked for: well past any usual header. */
const HEADER_BYTES = 64 * 1024;
/** The longest From or Subject kept: enough to recognise a message in a list. */
const SHOWN_LENGTH = 200;

/** The message's top header, within its first HEADER_BYTES and cut at a line's end. */
function topHeader(source: Buffer): Buffer {
  const start = source.subarray(0, HEADER_BYTES);
  const ends = [start.indexOf('\n\r\n'), start.indexOf('\n\n')].filter((index) => index >= 0);
  const end = ends.length > 0 ? Math.min(...ends) : start.lastIndexOf('\n');
  return start.subarray(0, end + 1);
}

function shown(text: string | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : [...trimmed].slice(0, SHOWN_LENGTH).join('');
}

/**
 * The From address and Subject of a message the parser could not read, when they can be read
 * from its top header alone (which holds none of its parts, and is parsed within the parser's
 * limits); null for either that cannot.
 */
export async function readHeaderBits(
  source: Buffer,
): Promise<{ from: string | null; subject: string | null }> {
  try {
    const header = Buffer.concat([topHeader(source), Buffer.from('\r\n')]);
    const parsed = await simpleParser(header, { skipImageLinks: true, skipTextToHtml: true });
    return { from: shown(parsed.from?.value[0]?.address), subject: shown(parsed.subject) };
  } catch {
    return { from: null, subject: null };
  }
}
