import * as z from 'zod/mini';
import { LEAD_LIMITS } from '../../../common/leads';
import { EmailAddressSchema } from '../../../common/fields';

/** A reply as the studio sent it: its text and the addresses it copies. */
export type ReplyRequest = { text: string; cc: string[] };

/** What is wrong with each field, in words the studio shows beside it. */
export type ReplyFieldErrors = Partial<Record<keyof ReplyRequest, string>>;

const ReplyShape = z.strictObject({ text: z.unknown(), cc: z.optional(z.unknown()) });

function readText(value: unknown): string | { problem: string } {
  if (typeof value !== 'string') return { problem: 'Write the reply.' };
  const text = value.trim();
  if (text === '') return { problem: 'Write the reply.' };
  return text.length > LEAD_LIMITS.replyLength
    ? { problem: `A reply is at most ${LEAD_LIMITS.replyLength} characters.` }
    : text;
}

/** The copied addresses, each once, or what is wrong with them. */
function readCc(value: unknown): string[] | { problem: string } {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return { problem: 'CC is a list of email addresses.' };
  if (value.length > LEAD_LIMITS.replyCc) {
    return { problem: `A reply copies at most ${LEAD_LIMITS.replyCc} addresses.` };
  }
  const addresses: string[] = [];
  for (const item of value) {
    const parsed = EmailAddressSchema.safeParse(item);
    if (!parsed.success) {
      return { problem: `"${String(item).slice(0, 100)}" is not an email address.` };
    }
    if (!addresses.some((known) => known.toLowerCase() === parsed.data.toLowerCase())) {
      addresses.push(parsed.data);
    }
  }
  return addresses;
}

/** The reply's fields from a parsed body, or each field's problem; null for another shape. */
export function readReplyRequest(
  body: unknown,
): { ok: true; value: ReplyRequest } | { ok: false; fieldErrors: ReplyFieldErrors } | null {
  const shape = ReplyShape.safeParse(body);
  if (!shape.success) return null;
  const text = readText(shape.data.text);
  const cc = readCc(shape.data.cc);
  const fieldErrors: ReplyFieldErrors = {
    ...(typeof text === 'string' ? {} : { text: text.problem }),
    ...(Array.isArray(cc) ? {} : { cc: cc.problem }),
  };
  if (typeof text !== 'string' || !Array.isArray(cc)) return { ok: false, fieldErrors };
  return { ok: true, value: { text, cc } };
}
