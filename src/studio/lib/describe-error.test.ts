import { describe, expect, it } from 'vitest';
import { parseRetryAfter, StudioApiError } from '../api/request';
import { describeDevice } from './describe-device';
import { describeError } from './describe-error';

describe('errors in words', () => {
  it('turns every known code into a sentence and an unknown one into the status', () => {
    expect(describeError(new StudioApiError(403, 'cross_site'))).toMatch(
      /did not come from this page/,
    );
    expect(describeError(new StudioApiError(0, 'network'))).toMatch(/could not be reached/);
    expect(describeError(new StudioApiError(503, 'storage_full'))).toMatch(
      /disk is full, so nothing new can be saved/,
    );
    expect(describeError(new StudioApiError(503, 'unavailable'))).toBe(
      'Something went wrong on the server (503). Try again in a moment.',
    );
    expect(describeError(new StudioApiError(429, 'rate_limited', 45))).toBe(
      'Too many attempts. Try again in 45 seconds.',
    );
    expect(describeError(new StudioApiError(429, 'rate_limited', 7200))).toBe(
      'Too many attempts. Try again in 2 hours.',
    );
    expect(describeError(new StudioApiError(429, 'rate_limited'))).toMatch(/Wait a few minutes/);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:10:00 GMT', now)).toBe(600);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('names devices a person recognises', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows');
    expect(describeDevice(null)).toBe('an unknown browser');
  });
});
