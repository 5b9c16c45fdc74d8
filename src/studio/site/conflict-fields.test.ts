import { describe, expect, it } from 'vitest';
import { applyChoices, listConflictFields } from './conflict-fields';

const base = {
  hero: { tagline: 'Glow', eyebrow: 'Studio' },
  items: [
    { id: 'a', quote: 'A' },
    { id: 'b', quote: 'B' },
  ],
};

describe('conflict fields', () => {
  it('lists only what they changed that now differs from mine, suggesting theirs when I left it', () => {
    const mine = { ...base, hero: { tagline: 'Mine', eyebrow: 'Mine too' } };
    const theirs = {
      hero: { tagline: 'Theirs', eyebrow: 'Studio' },
      items: [
        { id: 'a', quote: 'A2' },
        { id: 'b', quote: 'B' },
      ],
    };
    expect(listConflictFields(base, mine, theirs)).toEqual([
      { path: 'hero.tagline', mine: 'Mine', theirs: 'Theirs', suggested: 'mine' },
      { path: 'items.0.quote', mine: 'A', theirs: 'A2', suggested: 'theirs' },
    ]);
  });

  it('treats a list as one field once someone added, removed or moved an item', () => {
    const mine = { ...base, items: [base.items[1]!, base.items[0]!] };
    const theirs = { ...base, items: [{ id: 'a', quote: 'A2' }, base.items[1]!] };
    const fields = listConflictFields(base, mine, theirs);
    expect(fields).toEqual([
      { path: 'items', mine: mine.items, theirs: theirs.items, suggested: 'mine' },
    ]);
    expect(applyChoices(mine, fields, { items: 'theirs' }).items).toEqual(theirs.items);
    expect(applyChoices(mine, fields, {})).toBe(mine);
  });

  it('finds nothing when both made the same change', () => {
    const same = { ...base, hero: { tagline: 'Same', eyebrow: 'Studio' } };
    expect(listConflictFields(base, same, structuredClone(same))).toEqual([]);
  });
});
