import type { PersonLetter } from '../../../common/people';
import { useStudioFormat } from '../lib/studio-format';
import { personCopy } from '../person-copy';

/** The letters that left for the person's subscription, newest first, each a link to its page. */
export function PersonLetters({ letters }: { letters: readonly PersonLetter[] }) {
  const format = useStudioFormat();
  return (
    <section aria-labelledby="person-letters-title" className="flex flex-col gap-2">
      <h2 id="person-letters-title" className="text-lg font-semibold">
        {personCopy.letters}
      </h2>
      {letters.length === 0 ? (
        <p className="text-ink-muted">{personCopy.noLetters}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {letters.map((letter) => (
            <li key={letter.slug}>
              <a
                href={`/letters/${encodeURIComponent(letter.slug)}`}
                className="text-ember underline underline-offset-4"
              >
                {letter.subject}
              </a>{' '}
              · <time dateTime={letter.sentAt}>{format.date(letter.sentAt)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
