/**
 * A report about a letter's copy (decision 0122): a delivery status notification that a copy
 * failed (multipart/report; report-type=delivery-status, RFC 3464) or a complaint
 * (report-type=feedback-report, RFC 5965), naming the copy by the Message-ID it went out with,
 * `<letter-<letterId>.<subscriberId>@<our domain>>`, in the returned headers or message.
 *
 * Read by hand within fixed bounds rather than by the full parser: only the first bytes of the
 * message, a few parts, and the header blocks of each, so a hostile report costs little.
 */

export type LetterReport = {
  kind: 'bounced' | 'complained';
  letterId: string;
  subscriberId: string;
};

/** Reports are small: the status and the returned headers come first. */
const REPORT_BYTES_MAX = 256 * 1024;
const HEADER_BYTES_MAX = 32 * 1024;
const PARTS_MAX = 8;
const LETTER_MESSAGE_ID = /^<letter-([0-9A-Za-z-]{1,64})\.([0-9A-Za-z-]{1,64})@([^<>\s@]{1,253})>$/;
/** The complaints that mean "unwanted": not `not-spam`, and not a virus warning. */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);
/** The parts that return the original message or its headers. */
const RETURNED_TYPES = new Set([
  'text/rfc822-headers',
  'message/rfc822',
  'message/global',
  'message/global-headers',
]);

type Entity = { headers: Map<string, string[]>; body: string };

/** The header block and the body after it; folded lines unfolded, names lowercased. */
function readEntity(text: string): Entity {
  const crlf = text.indexOf('\r\n\r\n');
  const lf = text.indexOf('\n\n');
  const useCrlf = crlf !== -1 && (lf === -1 || crlf <= lf);
  const end = useCrlf ? crlf : lf;
  const headerText = (end === -1 ? text : text.slice(0, end)).slice(0, HEADER_BYTES_MAX);
  const body = end === -1 ? '' : text.slice(end + (useCrlf ? 4 : 2));
  const headers = new Map<string, string[]>();
  for (const line of headerText.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const values = headers.get(name) ?? [];
    values.push(line.slice(colon + 1).trim());
    headers.set(name, values);
  }
  return { headers, body };
}

const first = (entity: Entity, name: string) => entity.headers.get(name)?.[0] ?? '';

/** A Content-Type's media type and its parameters, lowercased names, unquoted values. */
function contentTypeOf(entity: Entity): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = first(entity, 'content-type').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals === -1) continue;
    const value = param.slice(equals + 1).trim();
    params.set(param.slice(0, equals).trim().toLowerCase(), value.replace(/^"(.*)"$/, '$1'));
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The first parts of a multipart body, no more than PARTS_MAX. */
function partsOf(body: string, boundary: string): Entity[] {
  const delimiter = `--${boundary}`;
  const parts: Entity[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1 && parts.length < PARTS_MAX) {
    const start = body.indexOf('\n', at);
    if (start === -1 || body.startsWith('--', at + delimiter.length)) break;
    const next = body.indexOf(delimiter, start);
    parts.push(readEntity(body.slice(start + 1, next === -1 ? undefined : next)));
    at = next;
  }
  return parts;
}

/** The letter's copy a returned message was, if its Message-ID is one of ours. */
function copyNamedBy(returned: Entity, messageDomain: string) {
  const match = LETTER_MESSAGE_ID.exec(first(returned, 'message-id'));
  if (match === null || match[3]?.toLowerCase() !== messageDomain.toLowerCase()) return null;
  const [, letterId = '', subscriberId = ''] = match;
  return { letterId, subscriberId };
}

/** Whether a delivery-status part says that delivery failed for a recipient. */
function hasFailedAction(status: Entity): boolean {
  // Its per-message fields are the part's body's first block, each recipient's a block after.
  return /^action:[ \t]*failed\b/im.test(status.body.slice(0, HEADER_BYTES_MAX));
}

function isComplaint(feedback: Entity): boolean {
  const type = /^feedback-type:[ \t]*([a-z-]+)/im.exec(feedback.body.slice(0, HEADER_BYTES_MAX));
  return type !== null && COMPLAINT_TYPES.has((type[1] ?? '').toLowerCase());
}

/** The report a message makes about a copy of a letter of ours, or null for any other. */
export function readLetterReport(source: Buffer, messageDomain: string): LetterReport | null {
  const message = readEntity(source.subarray(0, REPORT_BYTES_MAX).toString('latin1'));
  const { type, params } = contentTypeOf(message);
  const reportType = params.get('report-type')?.toLowerCase();
  const boundary = params.get('boundary');
  if (type !== 'multipart/report' || boundary === undefined || boundary === '') return null;
  const parts = partsOf(message.body, boundary);
  const typeOfPart = (part: Entity) => contentTypeOf(part).type;
  const returned = parts.find((part) => RETURNED_TYPES.has(typeOfPart(part)));
  const copy =
    returned === undefined ? null : copyNamedBy(readEntity(returned.body), messageDomain);
  if (copy === null) return null;
  if (reportType === 'delivery-status') {
    const statuses = parts.filter((part) =>
      ['message/delivery-status', 'message/global-delivery-status'].includes(typeOfPart(part)),
    );
    return statuses.some(hasFailedAction) ? { kind: 'bounced', ...copy } : null;
  }
  if (reportType === 'feedback-report') {
    const feedback = parts.find((part) => typeOfPart(part) === 'message/feedback-report');
    return feedback !== undefined && isComplaint(feedback) ? { kind: 'complained', ...copy } : null;
  }
  return null;
}
