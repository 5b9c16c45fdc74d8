import { describe, expect, it } from 'vitest';
import { remembered } from './remembered';

describe('remembered', () => {
  it('computes each key once, and again only after the memory has started over', () => {
    const computed: string[] = [];
    const lengthOf = remembered(
      (key) => {
        computed.push(key);
        return key.length;
      },
      { limit: 2 },
    );
    expect([lengthOf('a'), lengthOf('bb'), lengthOf('a'), lengthOf('bb')]).toEqual([1, 2, 1, 2]);
    expect(computed).toEqual(['a', 'bb']);
    // A third key fills the memory past its limit: it starts over with that key alone.
    expect([lengthOf('ccc'), lengthOf('a'), lengthOf('ccc')]).toEqual([3, 1, 3]);
    expect(computed).toEqual(['a', 'bb', 'ccc', 'a']);
  });
});
