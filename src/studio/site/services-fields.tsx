import type { SiteService } from '../../../common/site-content';
import { siteCopy } from '../copy';
import { useSiteForm } from './site-form-context';
import { ItemFieldset } from './item-fieldset';
import { SectionFieldset } from './section-fieldset';
import { SectionHeadingFields } from './section-heading-fields';
import { TextField } from './text-field';

const { fields } = siteCopy;

/** The section's heading and the ten services, whose words change but whose list is fixed. */
export function ServicesFields() {
  const { content } = useSiteForm();
  return (
    <SectionFieldset name="services">
      <SectionHeadingFields section="services" hasIntro />
      <ol className="flex flex-col gap-4">
        {content.services.items.map((service: SiteService, index) => (
          <li key={service.id}>
            <ItemFieldset
              legend={siteCopy.item(siteCopy.itemNames.services, index + 1, service.title)}
            >
              <TextField path={`services.items.${index}.title`} label={fields.title} />
              <TextField
                path={`services.items.${index}.description`}
                label={fields.description}
                isMultiLine
              />
              <TextField path={`services.items.${index}.imageAlt`} label={fields.imageAlt} />
            </ItemFieldset>
          </li>
        ))}
      </ol>
    </SectionFieldset>
  );
}
