import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { AUDIENCE_ENDPOINT } from '../../common/endpoints';

/**
 * Measures LCP, INP, CLS and TTFB and sends the latest of each with one beacon whenever the
 * page is hidden (a tab switch, a close, a navigation away). Nothing is stored on the device:
 * the numbers live in this closure until they are sent. The library's own callbacks run
 * before this listener, which is added after them, so a hidden page sends its final values.
 * Every beacon of this page load carries the same random id, by which the server keeps one
 * sample of each metric per page view (decision 0062).
 */
export function reportWebVitals(): void {
  // Not crypto.randomUUID(): it needs a secure context, and a site may be served over http.
  const pageLoad = Math.random().toString(36).slice(2);
  const measured = new Map<string, number>();
  const keep = (metric: Metric) => measured.set(metric.name, metric.value);
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onTTFB(keep);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || measured.size === 0) return;
    const metrics = [...measured].map(([name, value]) => ({ name, value }));
    measured.clear();
    // A string is sent as text/plain: no preflight, no cookie needed, nothing to wait for.
    navigator.sendBeacon(AUDIENCE_ENDPOINT, JSON.stringify({ pageLoad, metrics }));
  });
}
