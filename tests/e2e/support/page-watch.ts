import type { Page } from '@playwright/test';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** A console error or warning, or an uncaught exception; `url` is where it came from. */
export type Problem = { text: string; url: string };

export type PageWatch = {
  problems: Problem[];
  /** Requests to any origin other than the site's own (data: and blob: URLs are local). */
  foreignRequests: string[];
  cspViolations: () => Promise<string[]>;
};

/** Records everything a visitor's browser would complain about. Call before `goto`. */
export async function watchPage(page: Page, siteOrigin: string): Promise<PageWatch> {
  const problems: Problem[] = [];
  const foreignRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push({ text: `${message.type()}: ${message.text()}`, url: message.location().url });
    }
  });
  page.on('pageerror', (error) =>
    problems.push({ text: `uncaught: ${error.message}`, url: page.url() }),
  );
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== siteOrigin) foreignRequests.push(request.url());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return {
    problems,
    foreignRequests,
    cspViolations: () => page.evaluate(() => window.cspViolations ?? []),
  };
}

/** Scrolls to the bottom in steps, so lazy images load and observers fire. */
export async function scrollThroughPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
}
