import { useState } from 'react';
import { BUTTON } from '../components/button-classes';
import { PageHeading } from '../components/page-heading';
import { StudioLink } from '../components/studio-link';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { hrefFor } from '../routing/studio-route';
import { LetterStateLine } from './letter-state-line';
import { lettersCopy } from './letters-copy';
import { NewLetterForm } from './new-letter-form';
import { hasLeftTheDrafts, progressWords } from './progress-words';
import { useLetterList } from './use-letter-list';

/**
 * The letters to the subscribers, newest first: each one's subject, state and dates, and the
 * progress of those that have left the drafts, asked again while one sends.
 */
export function LettersPage() {
  const { data, minutesLeft } = useLetterList();
  const [isStarting, setIsStarting] = useState(false);
  const [newLetterButton, focusNewLetterButton] = useFocusAfterRender<HTMLButtonElement>();
  const items = data.state === 'ready' ? data.data.items : [];
  const sending = items.filter((letter) => letter.state === 'sending').length;

  function closeNewLetter() {
    setIsStarting(false);
    // The form was where focus was: back to the button that opened it, once drawn again.
    focusNewLetterButton();
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex max-w-prose flex-col gap-2">
          <PageHeading title={lettersCopy.title} />
          <p className="text-ink-muted">{lettersCopy.intro}</p>
        </div>
        {isStarting ? null : (
          <button
            ref={newLetterButton}
            type="button"
            onClick={() => setIsStarting(true)}
            className={BUTTON.primary}
          >
            {lettersCopy.newLetter}
          </button>
        )}
      </div>
      {isStarting ? <NewLetterForm onClose={closeNewLetter} /> : null}
      <p role="status" className={data.state === 'failed' ? 'text-danger' : 'text-ink-muted'}>
        {data.state === 'ready'
          ? items.length === 0
            ? lettersCopy.empty
            : sending > 0
              ? `${lettersCopy.count(items.length)}. ${lettersCopy.nowSending(sending)}`
              : lettersCopy.count(items.length)
          : data.state === 'failed'
            ? data.message
            : lettersCopy.loading}
      </p>
      {items.length > 0 ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised">
          {items.map((letter) => (
            <li key={letter.id} className="flex flex-col gap-1 p-4">
              <StudioLink
                href={hrefFor({ page: 'letter', id: letter.id })}
                className="font-semibold break-words text-ink underline-offset-4 hover:underline"
              >
                {letter.subject.trim() === '' ? lettersCopy.untitled : letter.subject}
              </StudioLink>
              <LetterStateLine letter={letter} className="text-sm text-ink-muted" />
              {hasLeftTheDrafts(letter.state) ? (
                <p className="text-sm text-ink-muted">
                  {progressWords(letter.state, letter.counts, minutesLeft(letter.id))}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
