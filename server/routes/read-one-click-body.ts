import { ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '../newsletter/newsletter-links';

/** `List-Unsubscribe=One-Click` is 25 bytes; a form may add a charset or a newline. */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * True when the body is RFC 8058's `List-Unsubscribe=One-Click` (as a mail provider or the
 * page's own form sends it). Reads at most 1 KiB, counting what arrives.
 */
export async function isOneClickBody(request: Request): Promise<boolean> {
  if (request.body === null) return false;
  const reader = request.body.getReader();
  let text = '';
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length > ONE_CLICK_BODY_LIMIT) {
      await reader.cancel();
      return false;
    }
  }
  return new URLSearchParams(text.trim()).get(ONE_CLICK_FIELD) === ONE_CLICK_VALUE;
}
