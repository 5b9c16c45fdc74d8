import { useEffect, useId, useRef, useState } from 'react';
import type { LetterPreview as Drawing } from '../../../common/letters';
import { applyEmailStyles, type ColorScheme } from './email-styles';
import { letterCopy } from './letters-copy';

const WIDTHS = { phone: 390, desktop: 600 } as const;
type Width = keyof typeof WIDTHS;

type ChoiceProps<T extends string> = {
  legend: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
};

function Choice<T extends string>({ legend, choices, value, onChange }: ChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <legend className="float-left mr-2 text-sm font-semibold">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The email as a mail client shows it, at a phone's width or a desktop's, in light or dark. The
 * frame runs none of the email's scripts, submits no form and opens nothing; it shares the
 * studio's origin (`allow-same-origin`) only so that the studio can give the email its styles,
 * which the studio's CSP refuses to the frame itself (email-styles.ts).
 */
export function LetterPreview({
  drawing,
  problem,
}: {
  drawing: Drawing | null;
  problem: string | null;
}) {
  const id = useId();
  const [width, setWidth] = useState<Width>('phone');
  const [scheme, setScheme] = useState<ColorScheme>('light');
  const frame = useRef<HTMLIFrameElement>(null);
  const html = drawing?.html;

  // A new scheme restyles the email in place; a new drawing is styled once it has loaded.
  useEffect(() => {
    if (frame.current?.contentDocument?.readyState === 'complete') {
      applyEmailStyles(frame.current, scheme);
    }
  }, [scheme, html]);
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {letterCopy.previewTitle}
      </h2>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Choice
          legend={letterCopy.width}
          value={width}
          onChange={setWidth}
          choices={[
            { value: 'phone', label: letterCopy.phone },
            { value: 'desktop', label: letterCopy.desktop },
          ]}
        />
        <Choice
          legend={letterCopy.theme}
          value={scheme}
          onChange={setScheme}
          choices={[
            { value: 'light', label: letterCopy.light },
            { value: 'dark', label: letterCopy.dark },
          ]}
        />
      </div>
      <p role="status" className="text-sm text-danger empty:hidden">
        {problem === null ? null : letterCopy.previewFailed(problem)}
      </p>
      {drawing === null ? (
        <p className="text-sm text-ink-muted">{letterCopy.previewLoading}</p>
      ) : (
        // A desktop's width is wider than a phone's screen: the frame scrolls sideways there,
        // and the keyboard can scroll it too (WCAG 2.1.1), as the Audience's tables do.
        <div
          role="region"
          aria-label={letterCopy.previewFrame}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
          tabIndex={0}
          className="scroll-cue overflow-x-auto rounded-2xl border border-line p-2"
        >
          <iframe
            ref={frame}
            sandbox="allow-same-origin"
            srcDoc={drawing.html}
            onLoad={(event) => applyEmailStyles(event.currentTarget, scheme)}
            title={letterCopy.previewFrame}
            style={{ colorScheme: scheme, width: WIDTHS[width] }}
            className={`block h-[36rem] max-w-none rounded-xl ${scheme === 'dark' ? 'bg-black' : 'bg-white'}`}
          />
        </div>
      )}
    </section>
  );
}
