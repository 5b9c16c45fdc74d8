import { useRef, useState } from 'react';
import type { SiteContent } from '../../../common/site-content';
import type { SiteContentFieldErrors } from '../../../common/site-content-errors';
import { publishSite, restoreSiteRevision, saveSiteDraft } from '../api/site-api';
import type { SiteDraft, SiteRevisionEntry } from '../api/types';
import type { StatusMessage } from '../components/status-line';
import { siteCopy } from '../copy';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { formatTime } from '../lib/format-time';
import { useSession } from '../session/session-context';
import {
  applyChoices,
  listConflictFields,
  type Choice,
  type ConflictField,
} from './conflict-fields';
import { isSameValue, isWithin, writeAt } from './content-paths';
import { readConflict, readInvalid } from './site-refusals';

export type Conflict = { theirs: SiteDraft; fields: ConflictField[] };

/** What should take focus after an answer: the problems, the conflict, or the status line. */
export type Attention = { target: 'errors' | 'conflict' | 'status'; count: number };

type Busy = 'saving' | 'publishing' | 'restoring' | null;

/**
 * The editor's state: the draft as the server last confirmed it (`saved`), the edits made on
 * it (`content`), the problems the server named, and a conflict when someone else saved first.
 * Every request names the revision of `saved`; nothing is overwritten without being shown.
 */
export function useSiteEditor(initial: SiteDraft, onPublished: () => void) {
  const { endSession } = useSession();
  const [saved, setSaved] = useState(initial);
  const [content, setContent] = useState(initial.content);
  // The edits as they are right now, for answers that arrive after more typing.
  const latest = useRef(initial.content);
  const [fieldErrors, setFieldErrors] = useState<SiteContentFieldErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [status, setStatus] = useState<StatusMessage>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [attention, setAttention] = useState<Attention | null>(null);

  const isDirty = !isSameValue(content, saved.content);
  const replaceContent = (next: SiteContent) => {
    latest.current = next;
    setContent(next);
  };
  const callAttention = (target: Attention['target']) =>
    setAttention((current) => ({ target, count: (current?.count ?? 0) + 1 }));

  /** A refusal in words, at the fields it names, or as the conflict view. */
  function showRefusal(error: unknown, base: SiteContent, words: (count: number) => string) {
    const conflictAnswer = readConflict(error);
    const invalid = readInvalid(error);
    if (isSessionEnded(error)) endSession();
    else if (conflictAnswer) {
      const { current } = conflictAnswer;
      setConflict({
        theirs: current,
        fields: listConflictFields(base, latest.current, current.content),
      });
      setStatus({ tone: 'failed', message: siteCopy.conflict.title });
      callAttention('conflict');
    } else if (invalid) {
      setFieldErrors(invalid.fieldErrors);
      setStatus({ tone: 'failed', message: words(Object.keys(invalid.fieldErrors).length) });
      callAttention('errors');
    } else setStatus({ tone: 'failed', message: describeError(error) });
  }

  async function saveOn(draft: SiteDraft, isRetry = false): Promise<SiteDraft | null> {
    const sent = latest.current;
    try {
      const confirmed = await saveSiteDraft(sent, draft.revision);
      setSaved(confirmed);
      // The server trims and normalises; edits made while it answered are kept.
      if (latest.current === sent) replaceContent(confirmed.content);
      setFieldErrors({});
      return confirmed;
    } catch (error) {
      const answer = readConflict(error);
      // Someone saved, but nothing they changed differs from these edits: save on theirs.
      if (
        answer &&
        !isRetry &&
        listConflictFields(draft.content, sent, answer.current.content).length === 0
      ) {
        return saveOn(answer.current, true);
      }
      showRefusal(error, draft.content, siteCopy.notSaved);
      return null;
    }
  }

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
      const draft = await saveOn(saved);
      if (draft) setStatus({ tone: 'done', message: siteCopy.saved });
      return draft !== null;
    });

  /** Saves first when there are edits, so the page shows what the editor shows. */
  const saveIfNeeded = async () => (isDirty ? saveOn(saved) : saved);

  const publish = () =>
    withBusy('publishing', async () => {
      const draft = await saveIfNeeded();
      if (draft === null) return;
      try {
        const published = await publishSite(draft.revision);
        setFieldErrors({});
        const when = formatTime(published.publishedAt);
        setStatus(
          published.live === false
            ? { tone: 'failed', message: siteCopy.publishedNotLive(when) }
            : { tone: 'done', message: siteCopy.published(when) },
        );
        onPublished();
      } catch (error) {
        showRefusal(error, draft.content, siteCopy.notPublished);
      }
    });

  const prepareForPreview = () => withBusy('saving', async () => (await saveIfNeeded()) !== null);

  const resolve = (choices: Readonly<Record<string, Choice>>) =>
    withBusy('saving', async () => {
      if (conflict === null) return;
      const merged = applyChoices(latest.current, conflict.fields, choices);
      setConflict(null);
      setSaved(conflict.theirs);
      replaceContent(merged);
      if (await saveOn(conflict.theirs)) {
        setStatus({ tone: 'done', message: siteCopy.conflict.resolved });
        callAttention('status');
      }
    });

  const restore = (entry: SiteRevisionEntry) =>
    withBusy('restoring', async () => {
      try {
        const draft = await restoreSiteRevision(entry.id, saved.revision);
        setSaved(draft);
        replaceContent(draft.content);
        setFieldErrors({});
        setStatus({
          tone: 'done',
          message: siteCopy.history.restored(formatTime(entry.publishedAt)),
        });
        callAttention('status');
      } catch (error) {
        showRefusal(error, saved.content, siteCopy.notSaved);
      }
    });

  function setField(path: string, value: unknown) {
    replaceContent(writeAt(latest.current, path, value));
    if (Object.keys(fieldErrors).some((key) => isWithin(key, path))) {
      setFieldErrors((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !isWithin(key, path))),
      );
    }
  }

  return {
    content,
    isDirty,
    fieldErrors,
    conflict,
    status,
    busy,
    attention,
    setField,
    save,
    publish,
    prepareForPreview,
    resolve,
    restore,
  };
}
