/**
 * Where the forms post. Apart from the error codes in api.ts so that the landing page's entry
 * script carries these few bytes and not the code lists, which load with the form rules.
 */
export const CONTACT_ENDPOINT = '/api/send-contact-email';
export const NEWSLETTER_ENDPOINT = '/api/newsletter';
/** Header carrying one key per form submission, so a retried request is answered once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Where the landing page sends its Web Vitals; public, never a cookie. */
export const AUDIENCE_ENDPOINT = '/api/audience';
