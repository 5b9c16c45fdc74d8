import type { ReactNode } from 'react';
import { siteCopy } from '../copy';

type SectionName = keyof typeof siteCopy.sections;

/** One section of the page in the editor: a fieldset named by its legend. */
export function SectionFieldset({ name, children }: { name: SectionName; children: ReactNode }) {
  return (
    <fieldset
      id={`site-section-${name}`}
      className="flex min-w-0 flex-col gap-5 rounded-2xl border border-line bg-paper-raised p-4 sm:p-6"
    >
      <legend className="px-1 font-display text-2xl font-semibold">
        {siteCopy.sections[name]}
      </legend>
      {children}
    </fieldset>
  );
}
