import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { LeadDraftKind } from '../../../common/lead-drafts';
import { discardDraft, saveDraft } from '../api/lead-api';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { draftCopy } from '../lead-copy';

/** Long enough not to save in the middle of a word, short enough that little is at risk. */
export const DRAFT_SAVE_DELAY_MS = 1_000;

export type DraftState =
  | { kind: 'saved' }
  | { kind: 'unsaved' }
  | { kind: 'saving' }
  | { kind: 'failed'; reason: string }
  | { kind: 'signedOut' };

export type LeadDraftField = {
  text: string;
  change: (text: string) => void;
  /** After sending, or at the person's word: the box empties and the server forgets it. */
  discard: () => Promise<void>;
  state: DraftState;
  /** Saves what waited for a new session. */
  saveNow: () => void;
};

/**
 * The copy in the tab, written while the server has not yet got the words: a session that
 * ends, or a network that drops, between two saves still finds them after signing in again
 * (the same promise as the site editor's, docs/decisions/0055).
 */
const tabKey = (email: string, enquiryId: string, kind: LeadDraftKind) =>
  `ember-lead-draft:${email}:${enquiryId}:${kind}`;

/**
 * One half-written reply or note, kept on the server per person (docs/decisions/0076): saved
 * `DRAFT_SAVE_DELAY_MS` after the last keystroke, and as the person leaves (even by closing
 * the tab, with a keepalive request); until the server has it, leaving asks first.
 */
export function useLeadDraft(
  owner: { email: string; enquiryId: string },
  kind: LeadDraftKind,
  /** What the server keeps; null until it has said. */
  savedText: string | null,
): LeadDraftField {
  const { email, enquiryId } = owner;
  const key = tabKey(email, enquiryId, kind);
  // The server draws a lead's page without the tab's copy, which only the browser has; the app
  // sets the box to it when it hydrates that page.
  const [text, setText] = useState(() =>
    typeof window === 'undefined' ? '' : (window.sessionStorage.getItem(key) ?? ''),
  );
  const [kept, setKept] = useState('');
  // The server's words arrive after the box is shown: they fill it unless the person (or the
  // tab's copy) has already put words there, which are then saved over them.
  const [hasArrived, setHasArrived] = useState(false);
  if (savedText !== null && !hasArrived) {
    setHasArrived(true);
    setKept(savedText);
    if (text === '') setText(savedText);
  }
  const [request, setRequest] = useState<DraftState | null>(null);
  const queue = useRef(Promise.resolve());
  // What the timers and the page's last moments read: they run after this render has passed.
  const latest = useRef({ text, kept });
  useEffect(() => {
    latest.current = { text, kept };
  });

  /** Saves one after another, so an older text never lands after a newer one. */
  function store(next: string, keepalive = false): Promise<void> {
    const run = async () => {
      setRequest({ kind: 'saving' });
      try {
        if (next.trim() === '') await discardDraft(enquiryId, kind, keepalive);
        else await saveDraft(enquiryId, kind, next, keepalive);
        setKept(next);
        latest.current.kept = next;
        if (latest.current.text === next) window.sessionStorage.removeItem(key);
        setRequest(null);
      } catch (error) {
        setRequest(
          isSessionEnded(error)
            ? { kind: 'signedOut' }
            : { kind: 'failed', reason: describeError(error) },
        );
      }
    };
    queue.current = queue.current.then(run);
    return queue.current;
  }

  function saveIfChanged(keepalive: boolean) {
    const current = latest.current;
    if (current.text !== current.kept) void store(current.text, keepalive);
  }
  const saveFromEffect = useEffectEvent(saveIfChanged);

  // A failed save is tried again at the next keystroke, not every second.
  useEffect(() => {
    const timer = window.setTimeout(() => saveFromEffect(false), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, kept]);

  useEffect(() => {
    const onPageHide = () => saveFromEffect(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      saveFromEffect(true);
    };
  }, []);

  const hasUnsaved = text !== kept && !(text.trim() === '' && kept.trim() === '');
  useLeaveWarning(hasUnsaved ? draftCopy.leaveWarning : null);

  const state: DraftState = request ?? { kind: hasUnsaved ? 'unsaved' : 'saved' };
  return {
    text,
    state,
    change(next) {
      setText(next);
      latest.current.text = next;
      window.sessionStorage.setItem(key, next);
    },
    async discard() {
      setText('');
      window.sessionStorage.removeItem(key);
      latest.current.text = '';
      await store('');
    },
    saveNow: () => saveIfChanged(false),
  };
}
