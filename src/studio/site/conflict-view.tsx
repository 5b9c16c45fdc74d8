import { useState, type Ref } from 'react';
import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import type { Choice, ConflictField } from './conflict-fields';
import { describeValue } from './describe-value';
import { describePath } from './field-paths';

type ConflictViewProps = {
  fields: readonly ConflictField[];
  isBusy: boolean;
  onResolve: (choices: Record<string, Choice>) => void;
  /** The heading takes focus when the conflict appears. */
  ref?: Ref<HTMLHeadingElement>;
};

const { conflict } = siteCopy;

/**
 * Someone else saved first: each field they changed that differs from this editor's version,
 * both values side by side, and a choice per field. Nothing is saved until the person chooses.
 */
export function ConflictView({ fields, isBusy, onResolve, ref }: ConflictViewProps) {
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(fields.map((field) => [field.path, field.suggested])),
  );
  return (
    <section
      aria-labelledby="site-conflict-title"
      className="flex flex-col gap-5 rounded-2xl border border-ember/60 bg-paper-raised p-4 sm:p-6"
    >
      <h2
        id="site-conflict-title"
        ref={ref}
        tabIndex={-1}
        className="font-display text-2xl font-semibold focus:outline-none"
      >
        {conflict.title}
      </h2>
      <p className="text-ink-muted">{conflict.intro}</p>
      <ol className="flex flex-col gap-4">
        {fields.map((field) => (
          <li key={field.path}>
            <fieldset className="flex flex-col gap-3 rounded-2xl border border-line p-4">
              <legend className="px-1 font-semibold break-words">{describePath(field.path)}</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {(['mine', 'theirs'] as const).map((side) => {
                  const valueId = `conflict-${side}-${field.path}`;
                  return (
                    <div
                      key={side}
                      className="flex flex-col gap-2 rounded-xl border border-line p-3 has-checked:border-ember has-checked:bg-ember/5"
                    >
                      <p className="text-sm font-semibold text-ink-muted">
                        {side === 'mine' ? conflict.mine : conflict.theirs}
                      </p>
                      <p id={valueId} className="break-words whitespace-pre-line">
                        {describeValue(field[side])}
                      </p>
                      <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
                        <input
                          type="radio"
                          name={`conflict-${field.path}`}
                          value={side}
                          checked={choices[field.path] === side}
                          aria-describedby={valueId}
                          onChange={() =>
                            setChoices((current) => ({ ...current, [field.path]: side }))
                          }
                          className="size-5 accent-ember"
                        />
                        {side === 'mine' ? conflict.keepMine : conflict.takeTheirs}
                      </label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={isBusy}
        onClick={() => onResolve(choices)}
        className={`${BUTTON.primary} self-start`}
      >
        {conflict.save}
      </button>
    </section>
  );
}
