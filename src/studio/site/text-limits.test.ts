import { describe, expect, it } from 'vitest';
import { countedLength, textLimitAt } from './text-limits';

describe('the limit of a text field', () => {
  it('is the schema’s, wherever the field is in the document', () => {
    expect(textLimitAt('hero.tagline')).toBe(300);
    expect(textLimitAt('hero.headline.mark')).toBe(8);
    expect(textLimitAt('testimonials.items.3.quote')).toBe(800);
    expect(textLimitAt('portfolio.items.0.title')).toBe(60);
    expect(textLimitAt('about.paragraphs.1')).toBe(600);
  });

  it('is unknown for a path that is not text', () => {
    expect(textLimitAt('about.counters.0.target')).toBeNull();
    expect(textLimitAt('no.such.field')).toBeNull();
  });

  it('counts as the server does: trimmed, composed', () => {
    expect(countedLength('  Tomás  ')).toBe(5);
    expect(countedLength('Toma\u0301s')).toBe(5);
  });
});
