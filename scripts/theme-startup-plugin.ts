import path from 'node:path';
import type { Plugin } from 'vite';
import { minifySync } from 'vite';
import { applyTheme, readStoredTheme, THEME_SETTINGS } from '../src/theme/theme-startup';

const MARKER = '<!--theme-startup-->';

/**
 * The inline script that marks JavaScript as on and applies the stored theme before the first
 * paint, built from the same functions the theme store runs. Minified, since every page
 * carries it in its <head>.
 */
export function composeThemeStartupScript(): string {
  const source = `(function(settings){document.documentElement.classList.replace('no-js','js');(${applyTheme.toString()})(settings,(${readStoredTheme.toString()})(settings))})(${JSON.stringify(THEME_SETTINGS)})`;
  const { code, errors } = minifySync('theme-startup.js', source);
  if (errors.length > 0)
    throw new Error(`The theme startup script does not minify: ${errors[0]?.message}`);
  // The minifier quotes with backticks; plain quotes, like the rest of the page's markup,
  // compress better with it. Only strings without quotes, escapes or `${` are changed.
  return code
    .trim()
    .replace(/;$/, '')
    .replace(/`([^`'\\$]*)`/g, "'$1'");
}

/** Puts the theme startup script where index.html marks it, in `vite dev` and in the build. */
export function themeStartupPlugin(): Plugin {
  const script = `<script>${composeThemeStartupScript()}</script>`;
  return {
    name: 'theme-startup',
    transformIndexHtml: {
      order: 'pre',
      handler(html, { filename }) {
        // The studio's page (studio.html) applies the theme from its own module: the site's
        // CSP allows only the prerendered pages' hashed inline scripts.
        if (path.basename(filename) !== 'index.html') return html;
        if (!html.includes(MARKER)) throw new Error(`index.html lacks the ${MARKER} marker.`);
        return html.replace(MARKER, () => script);
      },
    },
  };
}
