import { PORTFOLIO_CATEGORIES } from '../../../common/portfolio-categories';
import type { SitePortfolioItem } from '../../../common/site-content';
import { siteCopy } from '../copy';
import { ImageUpload } from './image-upload';
import { ListField } from './list-field';
import { createItemId } from './new-item-id';
import { SectionFieldset } from './section-fieldset';
import { SectionHeadingFields } from './section-heading-fields';
import { SelectField } from './select-field';
import { TextField } from './text-field';

const { fields } = siteCopy;
const CATEGORY_OPTIONS = PORTFOLIO_CATEGORIES.map((category) => ({
  value: category,
  label: category,
}));

/**
 * A new project has no image until one is uploaded: an image without files. The draft saves
 * with it; Publish refuses it by name ("Upload an image for this") until it has one.
 */
function createProject(items: readonly SitePortfolioItem[]): SitePortfolioItem {
  return {
    id: createItemId('project', items),
    title: '',
    category: PORTFOLIO_CATEGORIES[0],
    description: '',
    image: { width: 1, height: 1, sources: [] },
    imageAlt: '',
  };
}

/** The section's heading and its projects: add, remove, reorder, each with its own image. */
export function PortfolioFields() {
  return (
    <SectionFieldset name="portfolio">
      <SectionHeadingFields section="portfolio" hasIntro />
      <ListField<SitePortfolioItem>
        path="portfolio.items"
        legend={siteCopy.lists.portfolio}
        itemName={siteCopy.itemNames.portfolio}
        titleOf={(item) => item.title}
        createItem={createProject}
        max={48}
        renderItem={(itemPath) => (
          <>
            <TextField path={`${itemPath}.title`} label={fields.title} />
            <SelectField
              path={`${itemPath}.category`}
              label={fields.category}
              options={CATEGORY_OPTIONS}
            />
            <TextField path={`${itemPath}.description`} label={fields.description} isMultiLine />
            <ImageUpload path={`${itemPath}.image`} />
            <TextField path={`${itemPath}.imageAlt`} label={fields.imageAlt} />
          </>
        )}
      />
    </SectionFieldset>
  );
}
