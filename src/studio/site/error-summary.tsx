import type { Ref } from 'react';
import type { SiteContentFieldErrors } from '../../../common/site-content-errors';
import { siteCopy } from '../copy';
import { describePath, fieldIdFor, fieldPathOf } from './field-paths';

type ErrorSummaryProps = {
  fieldErrors: SiteContentFieldErrors;
  /** The heading takes focus when the server refuses the document. */
  ref?: Ref<HTMLHeadingElement>;
};

/**
 * Every problem the server named, in words, each a link to its field: a long form's error is
 * found without scrolling through all of it.
 */
export function ErrorSummary({ fieldErrors, ref }: ErrorSummaryProps) {
  const entries = Object.entries(fieldErrors);
  if (entries.length === 0) return null;
  return (
    <section
      aria-labelledby="site-error-summary"
      className="rounded-2xl border border-danger/60 bg-danger/5 p-4 sm:p-6"
    >
      <h2
        id="site-error-summary"
        ref={ref}
        tabIndex={-1}
        className="text-lg font-semibold focus:outline-none"
      >
        {siteCopy.errorSummary}
      </h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {entries.map(([path, code]) => {
          const id = fieldIdFor(fieldPathOf(path));
          const words = `${describePath(path)}: ${code ? siteCopy.errors[code] : ''}`;
          return (
            <li key={path}>
              <a
                href={`#${id}`}
                onClick={(event) => {
                  const field = document.getElementById(id);
                  if (field === null) return;
                  event.preventDefault();
                  field.focus();
                }}
                className="font-medium text-danger underline underline-offset-4"
              >
                {words}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
