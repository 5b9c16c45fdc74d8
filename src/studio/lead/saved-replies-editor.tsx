import { useId, useRef, useState, type FormEvent } from 'react';
import {
  SAVED_REPLY_LIMITS,
  SavedRepliesSchema,
  type SavedReply,
} from '../../../common/saved-replies';
import { CONTROL_CLASS } from '../../components/field-shell';
import { saveSavedReplies } from '../api/lead-api';
import { BUTTON } from '../components/button-classes';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { savedRepliesCopy } from '../lead-copy';

type Draft = SavedReply & { key: number };

/**
 * The saved replies as one small form, saved as a whole for the whole studio. After Save or
 * Remove, focus goes to the status line or the next reply, never to the page's start.
 */
export function SavedRepliesEditor({
  items,
  onSaved,
}: {
  items: readonly SavedReply[];
  onSaved: (items: SavedReply[]) => void;
}) {
  const id = useId();
  const nextKey = useRef(items.length);
  const [drafts, setDrafts] = useState<Draft[]>(() => items.map((item, key) => ({ ...item, key })));
  const save = useAction();
  const [refusal, setRefusal] = useState<StatusMessage>(null);
  const [statusLine, focusStatusLine] = useFocusAfterRender<HTMLParagraphElement>();
  const list = useRef<HTMLOListElement>(null);

  const edit = (key: number, change: Partial<SavedReply>) =>
    setDrafts((current) =>
      current.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)),
    );

  function add() {
    const key = nextKey.current++;
    setDrafts((current) => [...current, { key, title: '', text: '' }]);
    requestAnimationFrame(() => document.getElementById(`${id}-title-${key}`)?.focus());
  }

  function remove(index: number) {
    setDrafts((current) => current.filter((_, at) => at !== index));
    // Focus moves to the reply that took its place, or to the add button when none did.
    requestAnimationFrame(() => {
      const titles = list.current?.querySelectorAll<HTMLInputElement>('input');
      (
        titles?.[Math.min(index, titles.length - 1)] ?? document.getElementById(`${id}-add`)
      )?.focus();
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rules, checked here first so the reason can be given in words.
    const parsed = SavedRepliesSchema.safeParse({
      items: drafts.map(({ title, text }) => ({ title, text })),
    });
    setRefusal(parsed.success ? null : { tone: 'failed', message: savedRepliesCopy.refused });
    if (parsed.success) {
      await save.run(async () => {
        const saved = await saveSavedReplies(parsed.data.items);
        onSaved(saved.items);
        return savedRepliesCopy.saved(saved.items.length);
      });
    }
    focusStatusLine();
  }

  const isFull = drafts.length >= SAVED_REPLY_LIMITS.count;
  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4 rounded-xl border border-line bg-paper p-4"
    >
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          {savedRepliesCopy.title}
        </h3>
        <p className="text-sm text-ink-muted">{savedRepliesCopy.intro}</p>
      </div>
      {drafts.length === 0 ? (
        <p className="text-sm text-ink-muted">{savedRepliesCopy.none}</p>
      ) : null}
      <ol ref={list} className="flex flex-col gap-4">
        {drafts.map((draft, index) => (
          <li key={draft.key}>
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-semibold">{savedRepliesCopy.item(index + 1)}</legend>
              <label htmlFor={`${id}-title-${draft.key}`} className="text-sm">
                {savedRepliesCopy.replyTitle}
              </label>
              <input
                id={`${id}-title-${draft.key}`}
                value={draft.title}
                maxLength={SAVED_REPLY_LIMITS.titleLength}
                onChange={(event) => edit(draft.key, { title: event.target.value })}
                className={CONTROL_CLASS}
              />
              <label htmlFor={`${id}-text-${draft.key}`} className="text-sm">
                {savedRepliesCopy.replyText}
              </label>
              <textarea
                id={`${id}-text-${draft.key}`}
                rows={3}
                value={draft.text}
                maxLength={SAVED_REPLY_LIMITS.textLength}
                onChange={(event) => edit(draft.key, { text: event.target.value })}
                className={CONTROL_CLASS}
              />
              <button
                type="button"
                aria-label={savedRepliesCopy.remove(index + 1)}
                onClick={() => remove(index)}
                className={`${BUTTON.danger} self-start`}
              >
                {savedRepliesCopy.removeLabel}
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button
          id={`${id}-add`}
          type="button"
          onClick={add}
          disabled={isFull}
          className={BUTTON.secondary}
        >
          {savedRepliesCopy.add}
        </button>
        <button type="submit" disabled={save.isBusy} className={BUTTON.primary}>
          {save.isBusy ? savedRepliesCopy.saving : savedRepliesCopy.save}
        </button>
      </div>
      {isFull ? <p className="text-sm text-ink-muted">{savedRepliesCopy.full}</p> : null}
      <StatusLine ref={statusLine} status={refusal ?? save.outcome} />
    </form>
  );
}
