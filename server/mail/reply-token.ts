import { createHash, createHmac } from 'node:crypto';

/** What a reply token looks like: 32 URL-safe characters (192 bits). */
const REPLY_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The thread's reply token, derived from the server's secret and the enquiry, so it is never
 * written anywhere in clear: not in the thread, not in the outbox row (the email is composed
 * from the secret when it is sent). Only its hash is stored, to find the thread an answer to
 * `reply+<token>@` belongs to (docs/decisions/0045-reply-threads.md).
 */
export function mintReplyToken(secret: string, enquiryId: string): string {
  return createHmac('sha256', secret)
    .update(`reply-token\0${enquiryId}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

export function hashReplyToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** REPLY_ADDRESS with `+<token>` added to its local part: `reply+<token>@studio.example`. */
export function replyAddressWithToken(replyAddress: string, token: string): string {
  const at = replyAddress.lastIndexOf('@');
  return `${replyAddress.slice(0, at)}+${token}${replyAddress.slice(at)}`;
}

/**
 * The token in an address REPLY_ADDRESS's `+<token>` form; null for any other address. The
 * comparison ignores case in the domain and the local part, as mail servers do, but never in
 * the token.
 */
export function readReplyToken(replyAddress: string, address: string): string | null {
  const at = replyAddress.lastIndexOf('@');
  const local = replyAddress.slice(0, at).toLowerCase();
  const domain = replyAddress.slice(at + 1).toLowerCase();
  const match = /^(.+)\+([^@+]+)@([^@]+)$/.exec(address.trim());
  if (match === null) return null;
  const [, addressLocal = '', token = '', addressDomain = ''] = match;
  const isOurs = addressLocal.toLowerCase() === local && addressDomain.toLowerCase() === domain;
  return isOurs && REPLY_TOKEN.test(token) ? token : null;
}
