import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StudioApp } from '../app';

/** Opens the studio at `href` as the browser would, with the welcome token already taken. */
export function renderStudio(href = '/studio', welcomeToken: string | null = null) {
  window.history.replaceState(null, '', href);
  const user = userEvent.setup();
  return { user, ...render(<StudioApp welcomeToken={welcomeToken} />) };
}
