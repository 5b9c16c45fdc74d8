import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubMatchMedia } from '../test-setup';
import { ThemeControl } from './theme-control';

const html = document.documentElement;
const LABELS = {
  label: 'Colour theme',
  light: 'Light theme',
  dark: 'Dark theme',
  system: 'System theme',
};

describe('ThemeControl', () => {
  it('starts light when nothing is stored', () => {
    render(<ThemeControl labels={LABELS} />);
    expect(screen.getByRole('button', { name: 'Light theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(html).not.toHaveClass('dark');
  });

  it('applies and stores the dark theme', async () => {
    const user = userEvent.setup();
    render(<ThemeControl labels={LABELS} />);
    await user.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(html).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Light theme' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('follows the system preference when set to system', async () => {
    stubMatchMedia((query) => query === '(prefers-color-scheme: dark)');
    const user = userEvent.setup();
    render(<ThemeControl labels={LABELS} />);
    await user.click(screen.getByRole('button', { name: 'System theme' }));
    expect(window.localStorage.getItem('theme')).toBe('system');
    expect(html).toHaveClass('dark');
  });

  it('shows the stored preference', () => {
    window.localStorage.setItem('theme', 'system');
    render(<ThemeControl labels={LABELS} />);
    expect(screen.getByRole('button', { name: 'System theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('ignores a stored value that is not a theme', () => {
    window.localStorage.setItem('theme', '<script>');
    render(<ThemeControl labels={LABELS} />);
    expect(screen.getByRole('button', { name: 'Light theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
