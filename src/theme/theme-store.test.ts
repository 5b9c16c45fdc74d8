import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../test-setup';
import { followSystemThemeByDefault, readThemePreference, setThemePreference } from './theme-store';

describe('the studio’s theme', () => {
  it('follows the device until the person picks one', () => {
    expect(readThemePreference()).toBe('light');
    followSystemThemeByDefault();
    expect(readThemePreference()).toBe('system');

    stubMatchMedia((query) => query === '(prefers-color-scheme: dark)');
    setThemePreference('system');
    expect(document.documentElement).toHaveClass('dark');

    setThemePreference('light');
    expect(readThemePreference()).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
