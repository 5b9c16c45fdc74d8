import { describe, expect, it } from 'vitest';
import { describeContentChanges } from '../../server/site/describe-changes';
import { createSiteContentSeed } from '../../src/content/site-content-seed';

describe('the summary of a publish', () => {
  it('names each changed section with the number of fields changed', () => {
    const before = createSiteContentSeed();
    const after = createSiteContentSeed();
    after.hero.eyebrow = 'New';
    after.testimonials.items[0]!.quote = 'New quote';
    after.testimonials.items[1]!.author = 'New author';
    after.portfolio.items.pop();
    expect(describeContentChanges(before, after)).toMatch(
      /^Hero: 1 field; Portfolio: \d+ fields; Testimonials: 2 fields$/,
    );
  });

  it('counts a new image as one field, however many files it was made into', () => {
    const before = createSiteContentSeed();
    const after = createSiteContentSeed();
    const project = after.portfolio.items[0]!;
    project.image = {
      width: 1600,
      height: 1200,
      sources: (['image/avif', 'image/webp', 'image/jpeg'] as const).flatMap((type) =>
        [400, 800].map((width) => ({
          url: `/media/${'a'.repeat(64)}-${width}.${type.slice('image/'.length)}`,
          width,
          type,
        })),
      ),
    };
    project.imageAlt = 'A new photo';
    expect(describeContentChanges(before, after)).toBe('Portfolio: 2 fields');
  });

  it('says when nothing changed, and marks the first publish', () => {
    expect(describeContentChanges(createSiteContentSeed(), createSiteContentSeed())).toBe(
      'No changes',
    );
    expect(describeContentChanges(null, createSiteContentSeed())).toBe('First publish');
  });
});
