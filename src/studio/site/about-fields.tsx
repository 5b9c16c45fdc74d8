import { siteCopy } from '../copy';
import { useSiteForm } from './site-form-context';
import { ListField } from './list-field';
import { NumberField } from './number-field';
import { ItemFieldset } from './item-fieldset';
import { SectionFieldset } from './section-fieldset';
import { SectionHeadingFields } from './section-heading-fields';
import { TextField } from './text-field';

const { fields } = siteCopy;

/** The studio's story: its paragraphs, image description, three counters and the award. */
export function AboutFields() {
  const { content } = useSiteForm();
  return (
    <SectionFieldset name="about">
      <SectionHeadingFields section="about" />
      <ListField<string>
        path="about.paragraphs"
        legend={fields.paragraphs}
        itemName={siteCopy.itemNames.paragraphs}
        titleOf={() => ''}
        createItem={() => ''}
        max={4}
        renderItem={(itemPath) => <TextField path={itemPath} label={fields.text} isMultiLine />}
      />
      <TextField path="about.imageAlt" label={fields.imageAlt} />
      <fieldset className="flex flex-col gap-4">
        <legend className="text-base font-semibold">{fields.counters}</legend>
        <ol className="grid gap-4 lg:grid-cols-3">
          {content.about.counters.map((counter, index) => (
            <li key={counter.id}>
              <ItemFieldset
                legend={siteCopy.item(siteCopy.itemNames.counters, index + 1, counter.label)}
              >
                <NumberField path={`about.counters.${index}.target`} label={fields.target} />
                <TextField path={`about.counters.${index}.suffix`} label={fields.suffix} />
                <TextField path={`about.counters.${index}.label`} label={fields.label} />
              </ItemFieldset>
            </li>
          ))}
        </ol>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="text-base font-semibold">{fields.award}</legend>
        <TextField path="about.award.title" label={fields.title} />
        <TextField path="about.award.text" label={fields.text} isMultiLine />
      </fieldset>
    </SectionFieldset>
  );
}
