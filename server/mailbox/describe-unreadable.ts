/**
 * Why the parser refused a message, in a sentence for staff. Its own words are for the log:
 * they are a library's, and may change or say more than staff need.
 */
export function describeUnreadable(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message === 'Max allowed child nodes exceeded') {
    return 'It has more than 1,000 parts (attachments, alternatives, nested messages).';
  }
  if (message === 'Max header size for a MIME node exceeded') {
    return 'Its headers, or those of one of its parts, are longer than 1 MB.';
  }
  if (message === 'Failed to parse HTML') return 'Its HTML could not be turned into text.';
  return 'The mail parser could not read it.';
}
