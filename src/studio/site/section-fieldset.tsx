import type { ReactNode } from 'react';
import { siteCopy } from '../copy';

type SectionName = keyof typeof siteCopy.sections;

export const sectionIdFor = (name: SectionName) => `site-section-${name}`;

/**
 * One section of the page in the editor: a fieldset named by its legend. The section menu
 * moves focus to it; the margin keeps its legend clear of the sticky toolbar.
 */
export function SectionFieldset({ name, children }: { name: SectionName; children: ReactNode }) {
  return (
    <fieldset
      id={sectionIdFor(name)}
      tabIndex={-1}
      className="flex min-w-0 scroll-mt-36 flex-col gap-5 rounded-2xl border border-line bg-paper-raised p-4 sm:p-6"
    >
      <legend className="px-1 font-display text-2xl font-semibold">
        {siteCopy.sections[name]}
      </legend>
      {children}
    </fieldset>
  );
}
