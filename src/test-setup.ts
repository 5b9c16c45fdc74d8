import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * `findBy…` waits up to 10 s instead of 1 s: `npm test` runs these beside the Chromium journeys
 * on two cores, where a lazily loaded studio page has taken over 5 s to appear. A real failure
 * still fails, only later; the test's own 20 s limit stays above it.
 */
configure({ asyncUtilTimeout: 10_000 });

/**
 * An unexpected console.error (a React warning, a failed prop type, an act() warning) fails
 * the test that caused it. Tests that expect an error spy on console.error themselves.
 */
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  // Unmount first, then take the stubs away: a hook's effect still pending when the test ends
  // (the theme store's matchMedia subscription) must never run against a missing global.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  delete document.documentElement.dataset.themePreference;
});

/** jsdom has no matchMedia; tests set what the visitor's system prefers. */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matches(query),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

beforeEach(() => stubMatchMedia(() => false));

/** jsdom has <dialog> without its modal methods: open and close are enough for the tests. */
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
