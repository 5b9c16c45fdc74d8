import type { SiteService } from '../../../common/site-content';
import { siteCopy } from '../copy';
import { useSiteForm } from './site-form-context';
import { SectionFieldset } from './section-fieldset';
import { TextField } from './text-field';

const { fields } = siteCopy;

/** The section's heading and the ten services, whose words change but whose list is fixed. */
export function ServicesFields() {
  const { content } = useSiteForm();
  return (
    <SectionFieldset name="services">
      <TextField path="services.eyebrow" label={fields.eyebrow} />
      <TextField path="services.title" label={fields.title} />
      <TextField path="services.intro" label={fields.intro} isMultiLine />
      <ol className="flex flex-col gap-4">
        {content.services.items.map((service: SiteService, index) => (
          <li key={service.id}>
            <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
              <legend className="px-1 text-sm font-semibold">
                {siteCopy.item(siteCopy.itemNames.services, index + 1, service.title)}
              </legend>
              <TextField path={`services.items.${index}.title`} label={fields.title} />
              <TextField
                path={`services.items.${index}.description`}
                label={fields.description}
                isMultiLine
              />
              <TextField path={`services.items.${index}.imageAlt`} label={fields.imageAlt} />
            </fieldset>
          </li>
        ))}
      </ol>
    </SectionFieldset>
  );
}
