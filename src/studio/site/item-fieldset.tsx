import type { ReactNode } from 'react';

/**
 * One item of a list in the editor (a service, a counter, a testimonial …): a bordered group
 * named by its legend, which wraps however long the item's title is.
 */
export function ItemFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold break-words">{legend}</legend>
      {children}
    </fieldset>
  );
}
