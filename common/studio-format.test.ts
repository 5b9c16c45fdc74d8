import { describe, expect, it } from 'vitest';
import { createStudioFormat } from './studio-format';

const AT = '2026-11-26T15:45:00.000Z';

describe('the studio format', () => {
  it('writes en-GB as the owner expects: 26 Nov 2026, 15:45 and pounds', () => {
    const format = createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'UTC' });
    expect(format.dateTime(AT)).toBe('26 Nov 2026, 15:45');
    expect(format.date(AT)).toBe('26 Nov 2026');
    expect(format.time(AT)).toBe('15:45');
    expect(format.day('2026-11-26')).toBe('26 Nov 2026');
    expect(format.money(12_000)).toBe('£12,000.00');
    expect(format.money(12_000, 'EUR')).toBe('€12,000.00');
  });

  it("reads a moment on the studio's clock, and a calendar day as that day everywhere", () => {
    const format = createStudioFormat({
      locale: 'en-US',
      currency: 'USD',
      timeZone: 'Pacific/Auckland',
    });
    expect(format.dateTime(AT)).toBe('Nov 27, 2026, 4:45 AM');
    expect(format.day('2026-11-26')).toBe('Nov 26, 2026');
    expect(format.money(1_500.5)).toBe('$1,500.50');
  });

  it('gives back what is not a moment rather than "Invalid Date"', () => {
    const format = createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'UTC' });
    expect(format.dateTime('soon')).toBe('soon');
    expect(format.day('next week')).toBe('next week');
  });
});
