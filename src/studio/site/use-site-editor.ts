import { useRef, useState } from 'react';
import type { SiteContent } from '../../../common/site-content';
import type { SiteContentFieldErrors } from '../../../common/site-content-errors';
import {
  publishSite,
  restoreSiteRevision,
  saveSiteDraft,
  scheduleSitePublish,
} from '../api/site-api';
import { StudioApiError } from '../api/request';
import type { SiteDraft, SiteRevisionEntry } from '../api/types';
import type { StatusMessage } from '../components/status-line';
import { siteCopy } from '../copy';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { useStudioFormat } from '../lib/studio-format';
import {
  applyChoices,
  listConflictFields,
  type Choice,
  type ConflictField,
} from './conflict-fields';
import { isSameValue, isWithin, writeAt } from './content-paths';
import type { KeptEdits } from './kept-edits';
import { readConflict, readInvalid } from './site-refusals';

export type Conflict = { theirs: SiteDraft; fields: ConflictField[] };

/** What should take focus after an answer: the problems, the conflict, the status line or the result. */
export type Attention = { target: 'errors' | 'conflict' | 'status'; count: number };

export type Busy = 'saving' | 'publishing' | 'scheduling' | 'restoring' | null;

/** Where the draft stands, as the toolbar says it ("Saved 12:04", "Saving…", "Not saved: …"). */
export type SaveState =
  | { kind: 'saving' }
  | { kind: 'failed'; reason: string }
  | { kind: 'unsaved' }
  | { kind: 'saved'; at: Date }
  | { kind: 'unchanged' };

/** A save made by the person (their words go to the status line) or by the autosave (quiet). */
type Trigger = 'person' | 'autosave';

/**
 * The editor's state: the draft as the server last confirmed it (`saved`), the edits made on
 * it (`content`), the problems the server named, and a conflict when someone else saved first.
 * Every request names the revision of `saved`; nothing is overwritten without being shown.
 * Saves run one after another, so an autosave and a click never race on one revision.
 */
export function useSiteEditor(
  initial: SiteDraft,
  onPublished: () => void,
  /** Called once a publish is scheduled, so the schedules are read again. */
  onScheduled: () => void,
  /** The scheduled time (ISO 8601) in words, in the studio's time zone. */
  describeScheduled: (at: string) => string,
) {
  const format = useStudioFormat();
  const [saved, setSaved] = useState(initial);
  // The confirmed draft and the edits as they are right now, for answers that arrive later.
  const confirmed = useRef(initial);
  const latest = useRef(initial.content);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [content, setContent] = useState(initial.content);
  const [fieldErrors, setFieldErrors] = useState<SiteContentFieldErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [status, setStatus] = useState<StatusMessage>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [isAutosaving, setIsAutosaving] = useState(false);
  const [autosaveFailure, setAutosaveFailure] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [isSignInNeeded, setIsSignInNeeded] = useState(false);
  const [attention, setAttention] = useState<Attention | null>(null);

  const isDirty = !isSameValue(content, saved.content);
  const replaceContent = (next: SiteContent) => {
    latest.current = next;
    setContent(next);
  };
  const confirm = (draft: SiteDraft) => {
    confirmed.current = draft;
    setSaved(draft);
  };
  const callAttention = (target: Attention['target']) =>
    setAttention((current) => ({ target, count: (current?.count ?? 0) + 1 }));

  /** Runs after every save already started, so each names the revision the last one got. */
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.current.then(work, work);
    queue.current = next.catch(() => undefined);
    return next;
  }

  /** A refusal in words, at the fields it names, or as the conflict view. */
  function showRefusal(
    error: unknown,
    base: SiteContent,
    words: (count: number) => string,
    trigger: Trigger,
  ) {
    const conflictAnswer = readConflict(error);
    const invalid = readInvalid(error);
    if (isSessionEnded(error)) {
      // The form stays as it is; once signed in again, the edits are saved.
      setIsSignInNeeded(true);
      if (trigger === 'person') setStatus({ tone: 'failed', message: siteCopy.signInAgain.needed });
    } else if (conflictAnswer) {
      const { current } = conflictAnswer;
      setConflict({
        theirs: current,
        fields: listConflictFields(base, latest.current, current.content),
      });
      setStatus({ tone: 'failed', message: siteCopy.conflict.title });
      callAttention('conflict');
    } else if (invalid) {
      setFieldErrors(invalid.fieldErrors);
      const message = words(Object.keys(invalid.fieldErrors).length);
      // An autosave never takes focus from the field being typed in.
      if (trigger === 'autosave') setAutosaveFailure(message);
      else {
        setStatus({ tone: 'failed', message });
        callAttention('errors');
      }
    } else if (trigger === 'autosave') {
      setAutosaveFailure(siteCopy.notSavedBecause(describeError(error)));
    } else setStatus({ tone: 'failed', message: describeError(error) });
  }

  async function saveOn(
    draft: SiteDraft,
    trigger: Trigger,
    isRetry = false,
  ): Promise<SiteDraft | null> {
    const sent = latest.current;
    try {
      const answer = await saveSiteDraft(sent, draft.revision);
      confirm(answer);
      // The server trims and normalises; edits made while it answered are kept.
      if (latest.current === sent) replaceContent(answer.content);
      setFieldErrors({});
      setAutosaveFailure(null);
      setSavedAt(new Date());
      return answer;
    } catch (error) {
      const answer = readConflict(error);
      // Someone saved, but nothing they changed differs from these edits: save on theirs.
      if (
        answer &&
        !isRetry &&
        listConflictFields(draft.content, sent, answer.current.content).length === 0
      ) {
        return saveOn(answer.current, trigger, true);
      }
      showRefusal(error, draft.content, siteCopy.notSaved, trigger);
      return null;
    }
  }

  /** Saves the edits on the draft last confirmed, after any save already under way. */
  const saveInTurn = (trigger: Trigger) =>
    inTurn(() =>
      isSameValue(latest.current, confirmed.current.content)
        ? Promise.resolve(confirmed.current)
        : saveOn(confirmed.current, trigger),
    );

  async function withBusy<T>(kind: Busy, work: () => Promise<T>): Promise<T> {
    setBusy(kind);
    setStatus(null);
    try {
      return await work();
    } finally {
      setBusy(null);
    }
  }

  const save = () =>
    withBusy('saving', async () => {
      const draft = await saveInTurn('person');
      if (draft) {
        setStatus({ tone: 'done', message: siteCopy.saved });
        callAttention('status');
      }
      return draft !== null;
    });

  /** The quiet save a few seconds after typing stops; the toolbar says how it went. */
  async function autosave() {
    setIsAutosaving(true);
    try {
      await saveInTurn('autosave');
    } finally {
      setIsAutosaving(false);
    }
  }

  const publish = () =>
    withBusy('publishing', async () => {
      const draft = await saveInTurn('person');
      if (draft === null) return;
      try {
        const published = await publishSite(draft.revision);
        setFieldErrors({});
        const when = format.dateTime(published.publishedAt);
        setStatus(
          published.live === false
            ? { tone: 'failed', message: siteCopy.publishedNotLive(when) }
            : { tone: 'done', message: siteCopy.published(when) },
        );
        callAttention('status');
        onPublished();
      } catch (error) {
        showRefusal(error, draft.content, siteCopy.notPublished, 'person');
      }
    });

  /** Saves the edits, then schedules that revision to be published at `at`. */
  const publishAt = (at: Date) =>
    withBusy('scheduling', async () => {
      const draft = await saveInTurn('person');
      if (draft === null) return false;
      try {
        const scheduled = await scheduleSitePublish(at, draft.revision);
        setFieldErrors({});
        setStatus({ tone: 'done', message: describeScheduled(scheduled.at) });
        callAttention('status');
        onScheduled();
        return true;
      } catch (error) {
        if (error instanceof StudioApiError && error.code === 'invalid_schedule') {
          setStatus({ tone: 'failed', message: siteCopy.schedule.refusedTime });
          callAttention('status');
        } else showRefusal(error, draft.content, siteCopy.schedule.notScheduled, 'person');
        return false;
      }
    });

  const prepareForPreview = () =>
    withBusy('saving', async () => (await saveInTurn('person')) !== null);

  const resolve = (choices: Readonly<Record<string, Choice>>) =>
    withBusy('saving', async () => {
      if (conflict === null) return;
      const merged = applyChoices(latest.current, conflict.fields, choices);
      setConflict(null);
      confirm(conflict.theirs);
      replaceContent(merged);
      if (await inTurn(() => saveOn(conflict.theirs, 'person'))) {
        setStatus({ tone: 'done', message: siteCopy.conflict.resolved });
        callAttention('status');
      }
    });

  const restore = (entry: SiteRevisionEntry) =>
    withBusy('restoring', async () => {
      try {
        const draft = await inTurn(() => restoreSiteRevision(entry.id, confirmed.current.revision));
        confirm(draft);
        replaceContent(draft.content);
        setFieldErrors({});
        setStatus({
          tone: 'done',
          message: siteCopy.history.restored(format.dateTime(entry.publishedAt)),
        });
        callAttention('status');
      } catch (error) {
        showRefusal(error, confirmed.current.content, siteCopy.notSaved, 'person');
      }
    });

  /** Edits kept in the tab come back on the draft they were made on; a save then merges them. */
  function bringBack(kept: KeptEdits) {
    confirm(kept.base);
    replaceContent(kept.content);
  }

  /** Signed in again in place: the edits waiting for it are saved. */
  function onSignedInAgain() {
    setIsSignInNeeded(false);
    return save();
  }

  function setField(path: string, value: unknown) {
    replaceContent(writeAt(latest.current, path, value));
    setAutosaveFailure(null);
    if (Object.keys(fieldErrors).some((key) => isWithin(key, path))) {
      setFieldErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !isWithin(key, path))),
      );
    }
  }

  const saveState: SaveState =
    isAutosaving || busy === 'saving'
      ? { kind: 'saving' }
      : autosaveFailure !== null && isDirty
        ? { kind: 'failed', reason: autosaveFailure }
        : isDirty
          ? { kind: 'unsaved' }
          : savedAt !== null
            ? { kind: 'saved', at: savedAt }
            : { kind: 'unchanged' };

  return {
    saved,
    content,
    isDirty,
    saveState,
    /** Whether the autosave may run now: nothing else under way, nothing waiting for the person. */
    canAutosave:
      isDirty &&
      busy === null &&
      !isAutosaving &&
      conflict === null &&
      !isSignInNeeded &&
      autosaveFailure === null,
    isSignInNeeded,
    fieldErrors,
    conflict,
    status,
    busy,
    attention,
    setField,
    save,
    autosave,
    publish,
    publishAt,
    prepareForPreview,
    resolve,
    restore,
    bringBack,
    onSignedInAgain,
  };
}
