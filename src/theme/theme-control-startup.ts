import { readStoredTheme, THEME_SETTINGS } from './theme-startup';

/**
 * The inline script placed right after the theme controls in the prerendered page: it presses
 * the stored choice before the first paint, as the <head> script applies its colours, so the
 * control is right even though it hydrates only when touched. Built from the same function the
 * theme store runs, like the <head> script (scripts/theme-startup-plugin.ts).
 */
export function composeThemeControlStartupScript(): string {
  return `(function(s){var p=(${readStoredTheme.toString()})(s);document.querySelectorAll('[data-theme-option]').forEach(function(b){b.setAttribute('aria-pressed',String(b.getAttribute('data-theme-option')===p))})})(${JSON.stringify(THEME_SETTINGS)})`;
}
