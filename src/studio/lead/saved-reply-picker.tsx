import { useId, useState } from 'react';
import type { SavedReply } from '../../../common/saved-replies';
import { CONTROL_CLASS } from '../../components/field-shell';
import { getSavedReplies } from '../api/lead-api';
import { BUTTON } from '../components/button-classes';
import { useApiData } from '../hooks/use-api-data';
import { replyCopy, savedRepliesCopy } from '../lead-copy';
import { SavedRepliesEditor } from './saved-replies-editor';

/**
 * The saved replies: choose one and Insert it (a select that acted on change would fire while a
 * keyboard user only browses the options), or open the editor the whole studio shares.
 */
export function SavedReplyPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const id = useId();
  const { data, update } = useApiData('saved-replies', (signal) => getSavedReplies(signal));
  const [chosen, setChosen] = useState('');
  const [isEditing, setIsEditing] = useState(false);
  const items = data.state === 'ready' ? data.data.items : [];

  function insert() {
    const reply = items.find(({ title }) => title === chosen);
    if (reply) onInsert(reply.text);
  }

  function saved(next: SavedReply[]) {
    update(() => ({ items: next }));
    if (!next.some(({ title }) => title === chosen)) setChosen('');
  }

  return (
    <div className="mt-3 flex flex-col gap-3">
      {/* With replies, the Edit button sits at the foot of the select beside it; without, on the
          line of the words that say there are none, which it follows on a phone too. */}
      <div
        className={`flex flex-wrap gap-x-4 gap-y-2 ${items.length > 0 ? 'items-end' : 'items-baseline'}`}
      >
        {items.length > 0 ? (
          <>
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <label htmlFor={`${id}-saved`} className="text-sm font-semibold">
                {replyCopy.savedReplies}
              </label>
              <select
                id={`${id}-saved`}
                value={chosen}
                onChange={(event) => setChosen(event.target.value)}
                className={CONTROL_CLASS}
              >
                <option value="">{replyCopy.chooseSaved}</option>
                {items.map(({ title }) => (
                  <option key={title} value={title}>
                    {title}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              onClick={insert}
              disabled={chosen === ''}
              className={`${BUTTON.secondary} min-h-12`}
            >
              {replyCopy.insert}
            </button>
          </>
        ) : (
          <p className="text-sm text-ink-muted">
            {data.state === 'ready' && !isEditing ? replyCopy.noSaved : ''}
          </p>
        )}
        <button
          type="button"
          aria-expanded={isEditing}
          onClick={() => setIsEditing((open) => !open)}
          className={`${BUTTON.quiet} min-h-11 text-sm`}
        >
          {savedRepliesCopy.edit}
        </button>
      </div>
      {isEditing && data.state === 'ready' ? (
        <SavedRepliesEditor items={items} onSaved={saved} />
      ) : null}
    </div>
  );
}
