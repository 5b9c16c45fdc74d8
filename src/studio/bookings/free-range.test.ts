import { describe, expect, it } from 'vitest';
import { proposeFreeRange } from './free-range';

describe('the hours "Add hours" proposes', () => {
  it('are office hours on a day off', () => {
    expect(proposeFreeRange([])).toEqual(['09:00', '17:00']);
  });

  it('follow the day’s last range without overlapping it', () => {
    expect(proposeFreeRange([['09:00', '12:00']])).toEqual(['12:00', '14:00']);
    expect(
      proposeFreeRange([
        ['09:00', '17:00'],
        ['08:00', '08:30'],
      ]),
    ).toEqual(['17:00', '19:00']);
    expect(proposeFreeRange([['09:00', '23:00']])).toEqual(['23:00', '24:00']);
  });

  it('come before the first range when the day runs to midnight, and none on a full day', () => {
    expect(proposeFreeRange([['18:00', '24:00']])).toEqual(['16:00', '18:00']);
    expect(proposeFreeRange([['00:00', '24:00']])).toBeNull();
  });

  it('wait while a range is still being typed', () => {
    expect(proposeFreeRange([['09:00', '1']])).toBeNull();
  });
});
