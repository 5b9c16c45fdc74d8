import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './negotiate-encoding';

describe('acceptedEncodings', () => {
  it.each([
    [null, { br: false, gzip: false }],
    ['', { br: false, gzip: false }],
    ['gzip, deflate, br, zstd', { br: true, gzip: true }],
    ['gzip', { br: false, gzip: true }],
    ['br;q=0, gzip', { br: false, gzip: true }],
    ['br; q=0.0, gzip;q=0', { br: false, gzip: false }],
    ['*', { br: true, gzip: true }],
    ['*;q=0, gzip', { br: false, gzip: true }],
    ['identity', { br: false, gzip: false }],
    ['BR, X-GZIP', { br: true, gzip: true }],
  ])('reads %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});
