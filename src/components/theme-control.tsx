import type { ThemePreference } from '../theme/theme-startup';
import { setThemePreference, useThemePreference } from '../theme/theme-store';
import { LineIcon, type LineIconName } from './line-icon';

const OPTIONS: readonly { value: ThemePreference; icon: LineIconName }[] = [
  { value: 'light', icon: 'sun' },
  { value: 'dark', icon: 'moon' },
  { value: 'system', icon: 'monitor' },
];

type ThemeControlProps = {
  /** The group's accessible name (`label`), and each button's name and tooltip. */
  labels: Readonly<Record<ThemePreference | 'label', string>>;
};

/**
 * Three pressed-state buttons: light, dark or follow the system. The landing page and the studio
 * share it, so a choice made in one holds in the other.
 */
export function ThemeControl({ labels }: ThemeControlProps) {
  const preference = useThemePreference();
  return (
    <div
      role="group"
      aria-label={labels.label}
      className="inline-flex rounded-full border border-line bg-paper-raised p-1"
    >
      {OPTIONS.map(({ value, icon }) => (
        <button
          key={value}
          type="button"
          aria-label={labels[value]}
          aria-pressed={preference === value}
          data-theme-option={value}
          title={labels[value]}
          onClick={() => setThemePreference(value)}
          className="inline-flex size-8 items-center justify-center rounded-full text-ink-muted transition-colors hover:text-ink aria-pressed:bg-ink aria-pressed:text-paper"
        >
          <LineIcon name={icon} className="size-4" />
        </button>
      ))}
    </div>
  );
}
