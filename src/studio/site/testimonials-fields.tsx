import type { SiteTestimonial } from '../../../common/site-content';
import { siteCopy } from '../copy';
import { ListField } from './list-field';
import { createItemId } from './new-item-id';
import { SectionFieldset } from './section-fieldset';
import { SectionHeadingFields } from './section-heading-fields';
import { TextField } from './text-field';

const { fields } = siteCopy;

const createTestimonial = (items: readonly SiteTestimonial[]): SiteTestimonial => ({
  id: createItemId('testimonial', items),
  quote: '',
  author: '',
  role: '',
  company: '',
});

/** What clients say: add, remove, reorder. */
export function TestimonialsFields() {
  return (
    <SectionFieldset name="testimonials">
      <SectionHeadingFields section="testimonials" />
      <ListField<SiteTestimonial>
        path="testimonials.items"
        legend={siteCopy.lists.testimonials}
        itemName={siteCopy.itemNames.testimonials}
        titleOf={(item) => item.author}
        createItem={createTestimonial}
        max={12}
        renderItem={(itemPath) => (
          <>
            <TextField path={`${itemPath}.quote`} label={fields.quote} isMultiLine />
            <TextField path={`${itemPath}.author`} label={fields.author} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField path={`${itemPath}.role`} label={fields.role} />
              <TextField path={`${itemPath}.company`} label={fields.company} />
            </div>
          </>
        )}
      />
    </SectionFieldset>
  );
}
