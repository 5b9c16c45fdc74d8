/** What the studio says while a screen's code is on its way, or when it could not come. */
export const screenCopy = {
  opening: 'Opening…',
  failed: 'This screen could not be opened. Check the connection and try again.',
  retry: 'Try again',
} as const;
