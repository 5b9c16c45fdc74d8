/** The prerender lists here the modules that the `intent` islands need (scripts/prerender/). */
export const PREFETCH_LIST_ID = 'island-prefetch';

function preload(urls: unknown): void {
  if (!Array.isArray(urls)) return;
  for (const url of urls) {
    if (typeof url !== 'string') continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    link.fetchPriority = 'low';
    document.head.append(link);
  }
}

/**
 * Once the page has loaded and the browser is idle, fetches (and compiles, but does not run)
 * what the first tap on the menu or the theme control will need, so that tap does not wait on
 * the network. A reader who never touches the page runs none of it.
 */
export function prefetchIntentIslands(): void {
  const list = document.getElementById(PREFETCH_LIST_ID);
  if (list === null) return;
  const start = () => preload(JSON.parse(list.textContent));
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(start, { timeout: 2000 })
      : setTimeout(start, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
