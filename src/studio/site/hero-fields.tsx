import { siteCopy } from '../copy';
import { LinkFields } from './link-fields';
import { ListField } from './list-field';
import { SectionFieldset } from './section-fieldset';
import { TextField } from './text-field';

const { fields } = siteCopy;

/** A button of the hero: its words and where it leads. */
function ActionFields({ path, legend }: { path: string; legend: string }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="text-base font-semibold">{legend}</legend>
      <LinkFields path={path} />
    </fieldset>
  );
}

/** The first thing a visitor reads: the brand's headline, the tagline and two buttons. */
export function HeroFields() {
  return (
    <SectionFieldset name="hero">
      <TextField path="hero.eyebrow" label={fields.eyebrow} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField path="hero.headline.lead" label={fields.lead} />
        <TextField path="hero.headline.mark" label={fields.mark} />
        <TextField path="hero.headline.tail" label={fields.tail} />
      </div>
      <TextField path="hero.tagline" label={fields.tagline} isMultiLine />
      <ActionFields path="hero.primaryAction" legend={fields.primaryAction} />
      <ActionFields path="hero.secondaryAction" legend={fields.secondaryAction} />
      <ListField<string>
        path="hero.highlights"
        legend={fields.highlights}
        itemName={siteCopy.itemNames.highlights}
        titleOf={(highlight) => highlight}
        createItem={() => ''}
        max={8}
        renderItem={(itemPath) => <TextField path={itemPath} label={fields.text} />}
      />
    </SectionFieldset>
  );
}
