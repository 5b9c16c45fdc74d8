import type { LucideIcon } from 'lucide-react';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { ThemePreference } from '../../theme/theme-startup';
import { setThemePreference, useThemePreference } from '../../theme/theme-store';
import { frameCopy } from '../copy';

const OPTIONS: readonly { value: ThemePreference; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: frameCopy.theme.light, icon: Sun },
  { value: 'dark', label: frameCopy.theme.dark, icon: Moon },
  { value: 'system', label: frameCopy.theme.system, icon: Monitor },
];

/** The site's light / dark / system choice, stored under the same key as on the landing page. */
export function ThemeControl() {
  const preference = useThemePreference();
  return (
    <div
      role="group"
      aria-label={frameCopy.theme.label}
      className="inline-flex shrink-0 rounded-full border border-line bg-paper-raised p-1"
    >
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={preference === value}
          title={label}
          onClick={() => setThemePreference(value)}
          className="inline-flex size-8 items-center justify-center rounded-full text-ink-muted transition-colors hover:text-ink aria-pressed:bg-ink aria-pressed:text-paper"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </div>
  );
}
