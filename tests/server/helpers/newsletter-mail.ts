import type { ParsedMail } from 'mailparser';
import { SITE_ORIGIN } from './api-client';

let counter = 0;

/** An address no other test in the run uses: `<prefix>+<time>.<n>@example.com`. */
export function uniqueAddress(prefix: string): string {
  counter += 1;
  return `${prefix}+${Date.now()}.${counter}@example.com`;
}

/** Matches an email sent to `address`, in any case. */
export function sentTo(address: string) {
  return (mail: ParsedMail): boolean =>
    mail.to !== undefined &&
    !Array.isArray(mail.to) &&
    mail.to.value.some((to) => to.address?.toLowerCase() === address.toLowerCase());
}

/** The link to `path` in the email's text, moved onto the test server's origin. */
export function linkIn(mail: ParsedMail, path: string, appUrl: string): string {
  const match = new RegExp(`${SITE_ORIGIN}${path}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? '');
  if (match === null) throw new Error(`No ${path} link in the email`);
  return match[0].replace(SITE_ORIGIN, appUrl);
}

/** A plain HTML form post, as a browser sends one; a redirect is returned, not followed. */
export function postForm(url: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
    redirect: 'manual',
  });
}
