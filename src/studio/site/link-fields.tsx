import { siteCopy } from '../copy';
import { TextField } from './text-field';

/** A link of the page: its words and where it leads (`<path>.label`, `<path>.href`). */
export function LinkFields({ path }: { path: string }) {
  const { fields } = siteCopy;
  return (
    <>
      <TextField path={`${path}.label`} label={fields.label} />
      <TextField path={`${path}.href`} label={fields.href} hint={siteCopy.hrefHint} />
    </>
  );
}
