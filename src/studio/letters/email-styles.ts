export type ColorScheme = 'light' | 'dark';

/** Media features that always and never hold in a frame wider than nothing. */
const ALWAYS = '(min-width: 0px)';
const NEVER = '(max-width: 0px)';

/**
 * The email's stylesheet as a mail client in `scheme` reads it: its `prefers-color-scheme`
 * queries decided for that scheme. A frame's own preference follows the browser's, not the
 * frame's `color-scheme`, so the studio decides them itself.
 */
export function decideColorScheme(css: string, scheme: ColorScheme): string {
  return css.replace(/\(\s*prefers-color-scheme\s*:\s*(light|dark)\s*\)/gi, (_, asked: string) =>
    asked.toLowerCase() === scheme ? ALWAYS : NEVER,
  );
}

/**
 * Gives the email in `frame` its own styles, in `scheme`. The studio's pages allow no inline
 * style (their CSP), and a frame drawn from `srcdoc` keeps its parent's policy, so the email's
 * `<style>` and `style=""` are refused as the frame parses them (each reported in the console;
 * any parse of them in the studio's page is). Set again through the CSSOM, which that policy
 * does not govern, they apply as in a mail client. A browser without constructable stylesheets
 * shows the email unstyled.
 */
export function applyEmailStyles(frame: HTMLIFrameElement, scheme: ColorScheme): void {
  const email = frame.contentDocument;
  const view = email?.defaultView;
  if (email == null || view == null || !('adoptedStyleSheets' in email)) return;
  email.adoptedStyleSheets = [...email.querySelectorAll('style')].map((style) => {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(decideColorScheme(style.textContent, scheme));
    return sheet;
  });
  email.documentElement.style.colorScheme = scheme;
  for (const element of email.querySelectorAll<HTMLElement>('[style]')) {
    element.style.cssText = element.getAttribute('style') ?? '';
  }
}
