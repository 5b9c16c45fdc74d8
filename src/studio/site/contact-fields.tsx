import { siteCopy } from '../copy';
import { SectionFieldset } from './section-fieldset';
import { SectionHeadingFields } from './section-heading-fields';
import { TextField } from './text-field';

const { fields } = siteCopy;

/** The contact section's heading and the ways to reach the studio. */
export function ContactFields() {
  return (
    <SectionFieldset name="contact">
      <SectionHeadingFields section="contact" hasIntro />
      <TextField path="contact.email" label={fields.email} type="email" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField path="contact.phone" label={fields.phone} type="tel" />
        <TextField
          path="contact.phoneHref"
          label={fields.phoneHref}
          hint={siteCopy.phoneHrefHint}
        />
      </div>
      <TextField path="contact.visit" label={fields.visit} />
    </SectionFieldset>
  );
}
