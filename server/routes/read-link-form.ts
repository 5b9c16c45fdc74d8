import { ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '../newsletter/newsletter-links';
import { readLimited } from './read-request-body';

/** The page's own button sends a field or none; RFC 8058's `List-Unsubscribe=One-Click` is 25 bytes. */
const LINK_FORM_LIMIT_BYTES = 1024;

/** RFC 8058 lets a mail provider send either; the page's own form sends the first. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function isFormType(contentType: string | null): boolean {
  if (contentType === null) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return FORM_TYPES.includes(type);
}

/**
 * The small form a link page's button (or a mail provider's one-click request) posts; null for
 * any other body: another content type, more than 1 KiB (counted as it arrives), or unreadable.
 */
export async function readLinkForm(request: Request): Promise<FormData | null> {
  const contentType = request.headers.get('content-type');
  if (!isFormType(contentType)) return null;
  if (request.body === null) return new FormData();
  const body = await readLimited(request.body, LINK_FORM_LIMIT_BYTES);
  if (body === null) return null;
  const type = contentType ?? FORM_TYPES[0] ?? '';
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return null;
  }
}

/** True when the form is RFC 8058's one-click unsubscribe. */
export function isOneClick(form: FormData | null): boolean {
  const value = form?.get(ONE_CLICK_FIELD);
  return typeof value === 'string' && value.trim() === ONE_CLICK_VALUE;
}
