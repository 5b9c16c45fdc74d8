/** Characters that could end a <script> element, open an HTML comment in it or break a JavaScript parser. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON for a `<script type="application/json">` (or `ld+json`) element: the same value, with
 * every character that could close the element (`</script>`) or change how the browser reads
 * its text (`<!--`) written as a `\u` escape, which every JSON parser reads back unchanged.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
