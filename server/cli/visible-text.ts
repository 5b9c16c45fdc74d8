/**
 * Characters a terminal acts on rather than shows, as regular-expression ranges: C0 controls
 * (ESC starts colour, cursor and title sequences; CR and LF start a line), DEL and the C1
 * controls (0x9B is a one-byte CSI), and the Unicode marks that break a line or reorder what
 * follows it.
 */
const C0_BUT_NEWLINE = '\\u0000-\\u0009\\u000b-\\u001f';
const NEWLINE = '\\u000a';
const DEL_AND_C1 = '\\u007f-\\u009f';
const LINE_AND_DIRECTION_MARKS =
  '\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';

const anyOf = (...ranges: string[]) => new RegExp(`[${ranges.join('')}]`, 'gu');
const ACTIVE = anyOf(C0_BUT_NEWLINE, NEWLINE, DEL_AND_C1, LINE_AND_DIRECTION_MARKS);
const ACTIVE_BUT_NEWLINE = anyOf(C0_BUT_NEWLINE, DEL_AND_C1, LINE_AND_DIRECTION_MARKS);
/** What JSON.stringify leaves raw: it escapes every C0 control itself. */
const ACTIVE_IN_JSON = anyOf(DEL_AND_C1, LINE_AND_DIRECTION_MARKS);

function escape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Stored text (a visitor's name, a sign-in's email, a user agent) as the CLI prints it: each
 * active character written as a `\u001b`-style escape, so the text can neither drive the
 * terminal nor forge a line of output. The stored value is untouched.
 */
export function showControls(text: string): string {
  return text.replace(ACTIVE, escape);
}

/** The same for a multi-line body (an enquiry's message), whose own line breaks are kept. */
export function showControlsKeepingLines(text: string): string {
  return text.replace(ACTIVE_BUT_NEWLINE, escape);
}

/**
 * JSON for the terminal. JSON.stringify already escapes C0 controls; the others it leaves raw,
 * and an escape of them is the same JSON value, so the output still parses to the stored text.
 */
export function showControlsInJson(json: string): string {
  return json.replace(ACTIVE_IN_JSON, escape);
}
