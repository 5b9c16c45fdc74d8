import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Letter } from '../../../common/letters';
import { saveLetterDraft } from '../api/letters-api';
import { StudioApiError } from '../api/request';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { useSession } from '../session/session-context';
import { letterCopy } from './letters-copy';

/** Long enough not to save in the middle of a word, short enough that little is at risk. */
export const LETTER_SAVE_DELAY_MS = 1_000;
/** After a failed save, the next try: soon, without hammering a server that is struggling. */
export const LETTER_RETRY_DELAY_MS = 5_000;

export type LetterWords = { subject: string; preview: string; body: string };

export type LetterSaveState =
  | { kind: 'saved' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'failed'; reason: string }
  /** Sent or scheduled meanwhile (409 `not_a_draft`): saving again would only be refused. */
  | { kind: 'notADraft' };

const isSame = (one: LetterWords, other: LetterWords) =>
  one.subject === other.subject && one.preview === other.preview && one.body === other.body;

/**
 * The tab's copy of words the server has not got yet: a session that ends or a network that
 * drops between two saves still finds them when the letter is opened again (as a lead's
 * drafts do, docs/decisions/0076).
 */
const tabKey = (email: string, letterId: string) => `ember-letter-draft:${email}:${letterId}`;

function readTabCopy(key: string): LetterWords | null {
  const kept = window.sessionStorage.getItem(key);
  if (kept === null) return null;
  try {
    const words = JSON.parse(kept) as Partial<LetterWords>;
    return {
      subject: String(words.subject ?? ''),
      preview: String(words.preview ?? ''),
      body: String(words.body ?? ''),
    };
  } catch {
    return null;
  }
}

/**
 * A draft letter's words as they are typed: saved `LETTER_SAVE_DELAY_MS` after the last
 * keystroke, one save after another so an older text never lands after a newer one, again
 * every `LETTER_RETRY_DELAY_MS` after a failure, and as the person leaves (even by closing the
 * tab). Until the server has them, they are kept in the tab and leaving asks first.
 */
export function useLetterDraft(letter: Letter) {
  const { me, endSession } = useSession();
  const key = tabKey(me.staff.email, letter.id);
  const [kept, setKept] = useState<LetterWords>(() => ({
    subject: letter.subject,
    preview: letter.preview,
    body: letter.body,
  }));
  const [words, setWords] = useState<LetterWords>(() => readTabCopy(key) ?? kept);
  const [request, setRequest] = useState<LetterSaveState | null>(null);
  const [failures, setFailures] = useState(0);
  const queue = useRef(Promise.resolve());
  // What the timers and the page's last moments read: they run after this render has passed.
  const latest = useRef({ words, kept, isDraft: true });
  useEffect(() => {
    latest.current.words = words;
    latest.current.kept = kept;
  });

  function store(next: LetterWords, keepalive: boolean): Promise<void> {
    const run = async () => {
      if (!latest.current.isDraft) return;
      setRequest({ kind: 'saving' });
      try {
        await saveLetterDraft(letter.id, next, keepalive);
        latest.current.kept = next;
        setKept(next);
        if (isSame(latest.current.words, next)) window.sessionStorage.removeItem(key);
        setRequest(null);
      } catch (error) {
        if (isSessionEnded(error)) {
          endSession();
        } else if (error instanceof StudioApiError && error.code === 'not_a_draft') {
          latest.current.isDraft = false;
          setRequest({ kind: 'notADraft' });
        } else {
          setRequest({ kind: 'failed', reason: describeError(error) });
          setFailures((count) => count + 1);
        }
      }
    };
    queue.current = queue.current.then(run);
    return queue.current;
  }

  function saveIfChanged(keepalive: boolean): Promise<void> {
    const current = latest.current;
    return isSame(current.words, current.kept) ? queue.current : store(current.words, keepalive);
  }
  const saveFromEffect = useEffectEvent((keepalive: boolean) => void saveIfChanged(keepalive));
  const isFailing = request?.kind === 'failed';

  useEffect(() => {
    const delay = isFailing ? LETTER_RETRY_DELAY_MS : LETTER_SAVE_DELAY_MS;
    const timer = window.setTimeout(() => saveFromEffect(false), delay);
    return () => window.clearTimeout(timer);
  }, [words, kept, failures, isFailing]);

  useEffect(() => {
    const onPageHide = () => saveFromEffect(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      saveFromEffect(true);
    };
  }, []);

  const hasUnsaved = !isSame(words, kept);
  useLeaveWarning(hasUnsaved ? letterCopy.leaveWarning : null);

  return {
    words,
    state: request ?? ({ kind: hasUnsaved ? 'unsaved' : 'saved' } as const),
    change: (field: keyof LetterWords, value: string) => {
      const next = { ...latest.current.words, [field]: value };
      latest.current.words = next;
      setWords(next);
      window.sessionStorage.setItem(key, JSON.stringify(next));
    },
    /** Saves what is typed now, for an action that works from the saved draft (a test, a send). */
    flush: async (): Promise<boolean> => {
      await saveIfChanged(false);
      return isSame(latest.current.words, latest.current.kept);
    },
  };
}
