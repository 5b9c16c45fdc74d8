import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useFirstScreen } from '../api/first-screen';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { useSession } from '../session/session-context';

export type ApiData<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

type Loaded<T> = { key: string; result: ApiData<T> };

/**
 * Loads what a screen shows, again whenever `key` changes, and drops answers that arrive for
 * an older key. A refused session signs the person out instead of showing an error.
 *
 * `firstUrl` is the URL `load` requests: when the page came with the server's answer to it
 * (a server-rendered first screen, decision 0100), the screen starts with that answer, as the
 * server drew it, and does not ask again. So it does with `inHand`, an answer the studio
 * already holds (a list as it was last shown, api/kept-lists.ts).
 */
export function useApiData<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  firstUrl?: string,
  inHand?: T,
): { data: ApiData<T>; update: (change: (data: T) => T) => void; reload: () => void } {
  const { endSession } = useSession();
  const firstScreen = useFirstScreen();
  const [version, setVersion] = useState(0);
  const requestKey = `${version}:${key}`;
  const [loaded, setLoaded] = useState<Loaded<T> | null>(() => {
    const answer = inHand ?? (firstUrl === undefined ? undefined : firstScreen.answerTo(firstUrl));
    return answer === undefined
      ? null
      : { key: requestKey, result: { state: 'ready', data: answer as T } };
  });
  // The key the page's own answer is for: not asked again while it is shown.
  const answeredByPage = useRef(loaded?.key ?? null);
  const takeFirstAnswer = useEffectEvent(() => {
    if (firstUrl !== undefined) firstScreen.take(firstUrl);
  });
  const startLoad = useEffectEvent((signal: AbortSignal) => load(signal));
  const onFailure = useEffectEvent((error: unknown) => {
    if (isSessionEnded(error)) endSession();
    else setLoaded({ key: requestKey, result: { state: 'failed', message: describeError(error) } });
  });

  useEffect(() => {
    if (answeredByPage.current === requestKey) {
      takeFirstAnswer();
      return;
    }
    answeredByPage.current = null;
    const controller = new AbortController();
    startLoad(controller.signal).then(
      (data) => setLoaded({ key: requestKey, result: { state: 'ready', data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) onFailure(error);
      },
    );
    return () => controller.abort();
  }, [requestKey]);

  const data: ApiData<T> =
    loaded !== null && loaded.key === requestKey ? loaded.result : { state: 'loading' };
  return {
    data,
    update: (change) =>
      setLoaded((current) =>
        current !== null && current.result.state === 'ready'
          ? { ...current, result: { state: 'ready', data: change(current.result.data) } }
          : current,
      ),
    reload: () => setVersion((value) => value + 1),
  };
}
