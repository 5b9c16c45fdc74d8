/** Paths of the pages behind the links in every email to a subscriber. */
export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
/** The body of an RFC 8058 one-click unsubscribe POST, and of the page's own form. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

export function confirmUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}
