/**
 * Answers to the first screen's GET requests, asked for as soon as the studio's script runs
 * rather than one after another as its components mount (who is here, then the first page of
 * leads): the first rows come a round trip or two sooner on a phone (docs/decisions/0097).
 *
 * An answer serves one request, only on the address it was asked for, and only until anything
 * is written: a sign-in, a change of stage or a saved draft makes every kept answer stale.
 */
type Kept = { href: string; answer: Promise<Response> };

const kept = new Map<string, Kept>();

function ask(url: string): Promise<Response> {
  const answer = fetch(url, {
    headers: { Accept: 'application/json' },
    mode: 'no-cors',
    credentials: 'include',
  });
  // A failure is met by the request that takes the answer; one never taken is not an error.
  answer.catch(() => undefined);
  return answer;
}

/**
 * Asks for each URL now, with the headers the studio's own requests send, in the mode of the
 * page's preload hints (server/studio/first-requests-hint.ts), so the browser hands over the
 * answers it is already fetching: a same-origin no-cors request is read like any other, and
 * carries no Origin header. The first URL asks who is here; the others are asked once it says
 * someone is (the hints have them on the way by then). Signed out, each would be one more 401
 * in the console: they are answered 401 here, as the server would, without asking it.
 */
export function askEarly(urls: readonly string[]): void {
  const href = window.location.href;
  const [who, ...rest] = urls;
  if (who === undefined) return;
  const whoIsHere = ask(who);
  kept.set(who, { href, answer: whoIsHere });
  for (const url of rest) {
    const answer = whoIsHere.then((response) =>
      response.ok ? ask(url) : new Response(null, { status: response.status }),
    );
    answer.catch(() => undefined);
    kept.set(url, { href, answer });
  }
}

/** The answer asked for early to this GET, once; null when there is none to use. */
export function takeEarlyAnswer(url: string): Promise<Response> | null {
  const found = kept.get(url);
  if (found === undefined) return null;
  kept.delete(url);
  return found.href === window.location.href ? found.answer : null;
}

/** Called before any write: what was asked before it may no longer be true. */
export function forgetEarlyAnswers(): void {
  kept.clear();
}
