import type { LucideIcon } from 'lucide-react';
import { Monitor, Moon, Sun } from 'lucide-react';
import { pageLabels } from '../../content/site';
import type { ThemePreference } from '../../theme/theme-startup';
import { setThemePreference, useThemePreference } from '../../theme/theme-store';

const OPTIONS: readonly { value: ThemePreference; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: pageLabels.themes.light, icon: Sun },
  { value: 'dark', label: pageLabels.themes.dark, icon: Moon },
  { value: 'system', label: pageLabels.themes.system, icon: Monitor },
];

/** Three pressed-state buttons: light, dark or follow the system. */
export function ThemeControl() {
  const preference = useThemePreference();
  return (
    <div
      role="group"
      aria-label={pageLabels.themeControl}
      className="inline-flex rounded-full border border-line bg-paper-raised p-1"
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
