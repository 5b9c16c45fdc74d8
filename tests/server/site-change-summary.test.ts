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

  it('says when nothing changed, and marks the first publish', () => {
    expect(describeContentChanges(createSiteContentSeed(), createSiteContentSeed())).toBe(
      'No changes',
    );
    expect(describeContentChanges(null, createSiteContentSeed())).toBe('First publish');
  });
});
