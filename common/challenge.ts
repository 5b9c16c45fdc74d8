/**
 * The proof-of-work challenge's shared facts. The browser's first load imports none of this;
 * the solver fetches a challenge only once a visitor focuses a form.
 */

export const CHALLENGE_ENDPOINT = '/api/challenge';

/** The body field that carries ALTCHA's base64 payload (challenge + solution), JSON and form alike. */
export const ALTCHA_FIELD = 'altcha';

/** Longest payload accepted: a challenge with its signature and solution is about 700 characters. */
export const ALTCHA_MAX_LENGTH = 4096;

/**
 * Least time from the form's first focus (when its challenge was issued) to a submission that
 * a person could manage: typing a name, an address, choosing a service and writing a message
 * takes longer than 3 s even with autofill and a pasted message; one address, autofilled,
 * takes about a second. Faster submissions are kept as spam; the site's script waits this long
 * after fetching a challenge before it sends, so a visitor's own retry never looks hurried. A
 * booking (a time, a name, an address) is given as long as an enquiry.
 */
export const MIN_FILL_MS = { contact: 3_000, newsletter: 1_000, booking: 3_000 } as const;
