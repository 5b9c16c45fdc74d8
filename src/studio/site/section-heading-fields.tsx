import { siteCopy } from '../copy';
import { TextField } from './text-field';

/** The sections whose heading on the page is an eyebrow over a title. */
type HeadedSection = 'services' | 'portfolio' | 'about' | 'testimonials' | 'contact';

/**
 * The heading of a section as the page shows it: the eyebrow, the title and, where the
 * section has one, the introduction under it.
 */
export function SectionHeadingFields({
  section,
  hasIntro = false,
}: {
  section: HeadedSection;
  hasIntro?: boolean;
}) {
  const { fields } = siteCopy;
  return (
    <>
      <TextField path={`${section}.eyebrow`} label={fields.eyebrow} />
      <TextField path={`${section}.title`} label={fields.title} />
      {hasIntro ? <TextField path={`${section}.intro`} label={fields.intro} isMultiLine /> : null}
    </>
  );
}
