// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { composeThemeStartupScript } from './theme-startup-plugin';

type Visit = { stored: string | null; systemIsDark: boolean; storageBlocked?: boolean };

/** Runs the built inline script on a page like index.html and reports what it changed. */
function runStartupScript({ stored, systemIsDark, storageBlocked = false }: Visit) {
  if (stored !== null) window.localStorage.setItem('theme', stored);
  if (storageBlocked) {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
  }
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: systemIsDark && query === '(prefers-color-scheme: dark)',
  }));
  window.eval(composeThemeStartupScript());
  return {
    classes: [...document.documentElement.classList].sort(),
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
  };
}

beforeEach(() => {
  document.documentElement.className = 'no-js';
  document.head.innerHTML = '<meta name="theme-color" content="#faf6f0" />';
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the theme startup script', () => {
  it('marks JavaScript as on and stays light without a stored choice, even on a dark system', () => {
    expect(runStartupScript({ stored: null, systemIsDark: true })).toEqual({
      classes: ['js'],
      themeColor: '#faf6f0',
    });
  });

  it('applies a stored dark choice to the page and the browser chrome', () => {
    expect(runStartupScript({ stored: 'dark', systemIsDark: false })).toEqual({
      classes: ['dark', 'js'],
      themeColor: '#141118',
    });
  });

  it('follows the system only when the stored choice is system', () => {
    expect(runStartupScript({ stored: 'system', systemIsDark: true }).classes).toContain('dark');
    document.documentElement.className = 'no-js';
    expect(runStartupScript({ stored: 'system', systemIsDark: false }).classes).toEqual(['js']);
  });

  it('ignores an unknown stored value and blocked storage', () => {
    expect(runStartupScript({ stored: 'midnight', systemIsDark: true }).classes).toEqual(['js']);
    document.documentElement.className = 'no-js';
    expect(
      runStartupScript({ stored: 'dark', systemIsDark: true, storageBlocked: true }).classes,
    ).toEqual(['js']);
  });
});
