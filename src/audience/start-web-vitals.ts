/**
 * Loads the Web Vitals reporter only once the page has loaded and the browser is idle, never
 * before: the reader's first paint, first touch and the page's byte budget for what runs
 * before it are untouched by it.
 */
export function startWebVitalsWhenIdle(): void {
  const start = () => void import('./report-web-vitals').then((module) => module.reportWebVitals());
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(start, { timeout: 5000 })
      : setTimeout(start, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
