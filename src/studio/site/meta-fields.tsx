import { siteCopy } from '../copy';
import { SectionFieldset } from './section-fieldset';
import { TextField } from './text-field';

/** The page's title and description: the browser tab, search results and link previews. */
export function MetaFields() {
  return (
    <SectionFieldset name="meta">
      <TextField path="meta.title" label={siteCopy.fields.title} />
      <TextField path="meta.description" label={siteCopy.fields.description} isMultiLine />
    </SectionFieldset>
  );
}
