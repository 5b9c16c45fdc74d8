import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { AudienceBeaconSchema } from '../../common/audience';
import { reportWebVitals } from './report-web-vitals';

type Listener = (metric: Metric) => void;

/** What the page asked web-vitals to report, by metric. */
const listeners = vi.hoisted(() => new Map<string, Listener>());
vi.mock('web-vitals', () => ({
  onLCP: (listener: Listener) => listeners.set('LCP', listener),
  onINP: (listener: Listener) => listeners.set('INP', listener),
  onCLS: (listener: Listener) => listeners.set('CLS', listener),
  onTTFB: (listener: Listener) => listeners.set('TTFB', listener),
}));

const sendBeacon = vi.fn<(url: string, body: string) => boolean>(() => true);
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
});
afterEach(() => {
  visibility = 'visible';
});

/** The library reports a metric; the reporter reads only its name and value. */
function measure(name: Metric['name'], value: number): void {
  listeners.get(name)?.({ name, value } as Metric);
}

function hide(): void {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  visibility = 'visible';
}

it('sends every beacon of one page load with the same id, in the shape the server takes', () => {
  reportWebVitals();
  measure('TTFB', 120);
  measure('CLS', 0.02);
  hide();
  // Shown again, a layout shift and a slow tap, then hidden again.
  measure('CLS', 0.3);
  measure('INP', 640);
  hide();

  const beacons = sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe('/api/audience');
    return AudienceBeaconSchema.parse(JSON.parse(body));
  });
  expect(beacons.map((beacon) => beacon.metrics.map((metric) => metric.name))).toEqual([
    ['TTFB', 'CLS'],
    ['CLS', 'INP'],
  ]);
  const [first, second] = beacons;
  expect(first?.pageLoad).toEqual(second?.pageLoad);
  expect(localStorage.length + sessionStorage.length).toBe(0);
  expect(document.cookie).toBe('');
});
