/**
 * The one-time token of a welcome link rides in the fragment (`#token=…`), so it never
 * reaches a server log or a Referer. It is read once, then wiped from the address bar and
 * from this history entry, so it stays out of bookmarks and screenshots too.
 */
export function takeWelcomeToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (window.location.hash !== '') {
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );
  }
  return token === null || token.trim() === '' ? null : token.trim();
}
