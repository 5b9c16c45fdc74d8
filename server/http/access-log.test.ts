import { describe, expect, it } from 'vitest';
import { pathOf } from './access-log';

describe('the logged path', () => {
  it.each([
    ['/', '/'],
    ['/contact?email=someone@example.com', '/contact'],
    ['/a/b?x=1?y=2', '/a/b'],
    ['http://emberandink.example/robots.txt?utm=1', '/robots.txt'],
    ['*', '*'],
  ])('of %s is %s', (target, expected) => {
    expect(pathOf(target)).toBe(expected);
  });
});
