import { useEffect, useEffectEvent, useState } from 'react';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { useSession } from '../session/session-context';

export type ApiData<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

type Loaded<T> = { key: string; result: ApiData<T> };

/**
 * Loads what a screen shows, again whenever `key` changes, and drops answers that arrive for
 * an older key. A refused session signs the person out instead of showing an error.
 */
export function useApiData<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): { data: ApiData<T>; update: (change: (data: T) => T) => void; reload: () => void } {
  const { endSession } = useSession();
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const requestKey = `${version}:${key}`;
  const startLoad = useEffectEvent((signal: AbortSignal) => load(signal));
  const onFailure = useEffectEvent((error: unknown) => {
    if (isSessionEnded(error)) endSession();
    else setLoaded({ key: requestKey, result: { state: 'failed', message: describeError(error) } });
  });

  useEffect(() => {
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
