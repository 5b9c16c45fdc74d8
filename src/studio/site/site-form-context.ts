import { createContext, use } from 'react';
import type { SiteContent } from '../../../common/site-content';
import { readAt } from './content-paths';
import { fieldIdFor } from './field-paths';

/** What every field of the editor reads and changes, by its path in the document. */
export type SiteForm = {
  content: SiteContent;
  setField: (path: string, value: unknown) => void;
  /** The problem of exactly this field (or list), in words. */
  errorAt: (path: string) => string | undefined;
  /** The first problem of this field or anything inside it (an image's files). */
  errorWithin: (path: string) => string | undefined;
  /** Says something in the editor's live region (a list item moved). */
  announce: (message: string) => void;
};

export const SiteFormContext = createContext<SiteForm | null>(null);

export function useSiteForm(): SiteForm {
  const form = use(SiteFormContext);
  if (form === null) throw new Error('A site field is used outside the site editor.');
  return form;
}

/** One field: its element id, current value, problem and setter. */
export function useField(path: string) {
  const form = useSiteForm();
  return {
    id: fieldIdFor(path),
    value: readAt(form.content, path),
    error: form.errorAt(path),
    set: (value: unknown) => form.setField(path, value),
  };
}
