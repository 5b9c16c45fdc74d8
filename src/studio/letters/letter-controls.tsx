import type { Letter, LetterState } from '../../../common/letters';
import { controlLetter, type LetterControl } from '../api/letters-api';
import { BUTTON } from '../components/button-classes';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { useQuestionInPlace } from '../hooks/use-question-in-place';
import { describeLetterError } from './letter-errors';
import { letterCopy } from './letters-copy';

const NEWS: Record<LetterControl, string> = {
  pause: letterCopy.paused,
  resume: letterCopy.resumed,
  cancel: letterCopy.cancelled,
};

type LetterControlsProps = {
  letter: Pick<Letter, 'id' | 'state'>;
  onChanged: (state: LetterState) => void;
};

/**
 * A letter on its way: paused and resumed at once, cancelled after a question (what has left
 * stays left). A scheduled letter can be cancelled before its time.
 */
export function LetterControls({ letter, onChanged }: LetterControlsProps) {
  const control = useAction(describeLetterError);
  const { isAsking, answerRef, openerRef, ask, setAside } = useQuestionInPlace<
    HTMLButtonElement,
    HTMLButtonElement
  >();

  async function run(which: LetterControl) {
    await control.run(async () => {
      const { state } = await controlLetter(letter.id, which);
      onChanged(state);
      return NEWS[which];
    });
  }

  const canCancel =
    letter.state === 'sending' || letter.state === 'paused' || letter.state === 'scheduled';
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {letter.state === 'sending' ? (
          <button
            type="button"
            disabled={control.isBusy}
            onClick={() => void run('pause')}
            className={BUTTON.secondary}
          >
            {letterCopy.pause}
          </button>
        ) : null}
        {letter.state === 'paused' ? (
          <button
            type="button"
            disabled={control.isBusy}
            onClick={() => void run('resume')}
            className={BUTTON.primary}
          >
            {letterCopy.resume}
          </button>
        ) : null}
        {canCancel && !isAsking ? (
          <button
            ref={openerRef}
            type="button"
            disabled={control.isBusy}
            onClick={ask}
            className={BUTTON.danger}
          >
            {letterCopy.cancel}
          </button>
        ) : null}
      </div>
      {canCancel && isAsking ? (
        <div role="group" aria-label={letterCopy.cancelQuestion} className="flex flex-wrap gap-2">
          <p className="w-full text-sm font-medium">{letterCopy.cancelQuestion}</p>
          <button
            ref={answerRef}
            type="button"
            disabled={control.isBusy}
            onClick={() => void run('cancel')}
            className={BUTTON.danger}
          >
            {letterCopy.yesCancel}
          </button>
          <button type="button" onClick={setAside} className={BUTTON.secondary}>
            {letterCopy.keepIt}
          </button>
        </div>
      ) : null}
      <StatusLine status={control.outcome} takesFocus />
    </div>
  );
}
