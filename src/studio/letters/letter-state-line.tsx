import type { LetterListItem } from '../../../common/letters';
import { useStudioFormat } from '../lib/studio-format';
import { lettersCopy } from './letters-copy';

/** A letter's state in words, with the day it was sent or is to be sent. */
export function LetterStateLine({
  letter,
  className,
}: {
  letter: Pick<LetterListItem, 'state' | 'sendAt' | 'sentAt'>;
  className: string;
}) {
  const format = useStudioFormat();
  const date =
    letter.sentAt !== null
      ? { words: lettersCopy.sentOn, at: letter.sentAt }
      : letter.sendAt !== null && letter.state === 'scheduled'
        ? { words: lettersCopy.sendsOn, at: letter.sendAt }
        : null;
  return (
    <p className={className}>
      <span className="font-semibold text-ink">{lettersCopy.states[letter.state]}</span>
      {date === null ? null : (
        <>
          {' · '}
          {date.words} <time dateTime={date.at}>{format.dateTime(date.at)}</time>
        </>
      )}
    </p>
  );
}
