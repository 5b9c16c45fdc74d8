/**
 * The inline script placed right after the theme controls in the prerendered page: it presses
 * the choice the <head> script has applied (and recorded on <html>, src/theme/theme-startup.ts)
 * before the first paint, so the control is right even though it hydrates only when touched.
 * Reading it there, not from storage again, keeps the script to a line every view can afford.
 */
export const THEME_CONTROL_STARTUP_SCRIPT =
  "document.querySelectorAll('[data-theme-option]').forEach(function(b){b.setAttribute('aria-pressed',String(b.dataset.themeOption===document.documentElement.dataset.themePreference))})";
