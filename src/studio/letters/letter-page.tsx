import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import type { Letter } from '../../../common/letters';
import { deleteLetter, getLetter } from '../api/letters-api';
import { BUTTON } from '../components/button-classes';
import { ConfirmRemoval } from '../components/confirm-removal';
import { PageHeading } from '../components/page-heading';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { StudioLink } from '../components/studio-link';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { isSessionEnded } from '../lib/describe-error';
import { navigate } from '../routing/location-store';
import { hrefFor } from '../routing/studio-route';
import { useSession } from '../session/session-context';
import { DraftEditor } from './draft-editor';
import { describeLetterError } from './letter-errors';
import { LetterControls } from './letter-controls';
import { LetterPreview } from './letter-preview';
import { LetterStateLine } from './letter-state-line';
import { letterCopy, lettersCopy } from './letters-copy';
import { hasLeftTheDrafts, progressWords } from './progress-words';
import { minutesLeftOf, recordProgress, type Paces } from './time-left';
import { useLetterPreview } from './use-letter-preview';
import { usePollWhile } from './use-poll-while';

/** A letter that has left the drafts: its progress, the controls it still has, and its email. */
function LetterOnItsWay({
  letter,
  minutesLeft,
  onChanged,
}: {
  letter: Letter;
  minutesLeft: number | null;
  onChanged: (state: Letter['state']) => void;
}) {
  const preview = useLetterPreview(letter);
  return (
    <div className="flex flex-col gap-6">
      <p>{letterCopy.readOnly}</p>
      {hasLeftTheDrafts(letter.state) ? (
        <section aria-label={letterCopy.progress}>
          <p role="status" className="font-medium">
            {progressWords(letter.state, letter.counts, minutesLeft)}
          </p>
        </section>
      ) : null}
      {letter.state === 'sent' ? (
        <a
          href={`/letters/${encodeURIComponent(letter.slug)}`}
          className={`${BUTTON.secondary} self-start`}
        >
          {letterCopy.publicPage}
        </a>
      ) : null}
      <LetterControls letter={letter} onChanged={onChanged} />
      <LetterPreview drawing={preview.last} problem={preview.problem} />
    </div>
  );
}

/**
 * One letter: a draft is written here, saved as it is typed, and sent; a letter on its way is
 * followed, polled while it sends, paused, resumed or cancelled; a sent one is read.
 */
export function LetterPage({ id }: { id: string }) {
  const { endSession } = useSession();
  const [paces, setPaces] = useState<Paces>(new Map());
  const [news, setNews] = useState<StatusMessage>(null);
  const removal = useAction(describeLetterError);
  const { data, update } = useApiData(`letter:${id}`, async (signal) => {
    const letter = await getLetter(id, signal);
    setPaces((known) => recordProgress(known, [letter], Date.now()));
    return letter;
  });
  const letter = data.state === 'ready' ? data.data : null;

  usePollWhile(letter?.state === 'sending', async (signal) => {
    try {
      const fresh = await getLetter(id, signal);
      setPaces((known) => recordProgress(known, [fresh], Date.now()));
      update(() => fresh);
    } catch (error) {
      // A poll that fails leaves the letter as it was; the next one tries again.
      if (isSessionEnded(error)) endSession();
    }
  });

  async function remove() {
    await removal.run(async () => {
      await deleteLetter(id);
      navigate(hrefFor({ page: 'letters' }), { replace: true });
      return '';
    });
  }

  const subject =
    letter === null || letter.subject.trim() === '' ? lettersCopy.untitled : letter.subject;
  return (
    <div className="flex flex-col gap-6">
      <StudioLink
        href={hrefFor({ page: 'letters' })}
        className={`${BUTTON.quiet} inline-flex items-center gap-2 self-start`}
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {letterCopy.backToLetters}
      </StudioLink>
      {letter === null ? (
        <p role="status" className={data.state === 'failed' ? 'text-danger' : 'text-ink-muted'}>
          {data.state === 'failed' ? data.message : letterCopy.loading}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <PageHeading title={subject} documentTitle={letterCopy.documentTitle(subject)} />
            <LetterStateLine letter={letter} className="text-ink-muted" />
          </div>
          <StatusLine status={news} takesFocus />
          {letter.state === 'draft' ? (
            <>
              <DraftEditor
                letter={letter}
                onSent={(started, at, message, words) => {
                  update((shown) => ({
                    ...shown,
                    ...words,
                    state: started.state,
                    sendAt: at === null ? null : at.toISOString(),
                    counts: {
                      ...shown.counts,
                      recipients: started.recipients,
                      left: started.recipients,
                    },
                  }));
                  setNews({ tone: 'done', message });
                }}
              />
              <div className="flex flex-col items-start gap-2">
                <ConfirmRemoval
                  label={letterCopy.deleteDraft}
                  accessibleLabel={letterCopy.deleteDraft}
                  question={letterCopy.deleteQuestion}
                  confirmLabel={letterCopy.yesDelete}
                  cancelLabel={letterCopy.keepIt}
                  isBusy={removal.isBusy}
                  onConfirm={() => void remove()}
                />
                <StatusLine status={removal.outcome} />
              </div>
            </>
          ) : (
            <LetterOnItsWay
              letter={letter}
              minutesLeft={minutesLeftOf(paces, letter.id)}
              onChanged={(state) => update((shown) => ({ ...shown, state }))}
            />
          )}
        </>
      )}
    </div>
  );
}
