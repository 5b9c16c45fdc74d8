import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudioApp } from '../app';
import { moveSearchWordsOutOfAddress } from '../routing/location-store';

/**
 * Opens the studio at `href` as the browser would, with the welcome token already taken and
 * any search words moved out of the address (entry.tsx).
 */
export function renderStudio(href = '/studio', welcomeToken: string | null = null) {
  window.history.replaceState(null, '', href);
  moveSearchWordsOutOfAddress();
  const user = userEvent.setup();
  return { user, ...render(<StudioApp welcomeToken={welcomeToken} />) };
}
