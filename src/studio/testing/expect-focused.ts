import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the element holds focus, and returns it. A screen moves focus in an effect after
 * the element appears, which a busy machine may run a moment later than the element is found:
 * asserting at once would test that timing, not where focus ends up.
 */
export async function expectFocused(
  element: HTMLElement | Promise<HTMLElement>,
): Promise<HTMLElement> {
  const target = await element;
  await waitFor(() => expect(target).toHaveFocus());
  return target;
}
