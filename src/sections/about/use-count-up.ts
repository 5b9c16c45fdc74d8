import type { RefObject } from 'react';
import { useEffect, useState } from 'react';

export const COUNT_UP_DURATION_MS = 2000;
export const COUNT_UP_VISIBILITY = 0.3;

/** Fast at first, gentle at the end: an ease-out cubic. */
export function easeOutCubic(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/** How far outside the viewport the counters drop to 0, so nobody sees the final values first. */
const COUNT_UP_RESET_MARGIN = '100% 0px';

/**
 * Counts each target up from 0 once, when `COUNT_UP_VISIBILITY` of the section around the
 * element (the element itself outside a section) is visible.
 * The first render shows the targets, so the prerendered HTML (and readers without JavaScript
 * or with reduced motion) get the real numbers. The digits drop to 0 only when the element
 * comes within a screen of the viewport: still off-screen, but hydrating the page changes
 * nothing on it, so it costs the phone no layout while the page is loading.
 */
export function useCountUp(
  targets: readonly number[],
  elementRef: RefObject<Element | null>,
  durationMs = COUNT_UP_DURATION_MS,
): number[] {
  const [values, setValues] = useState<number[]>(() => [...targets]);

  useEffect(() => {
    const element = elementRef.current?.closest('section') ?? elementRef.current;
    const prefersReducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!element || prefersReducedMotion || typeof IntersectionObserver === 'undefined') return;

    let frame = 0;
    const animate = () => {
      const start = performance.now();
      const step = (now: number) => {
        const progress = Math.min((now - start) / durationMs, 1);
        setValues(targets.map((target) => Math.round(target * easeOutCubic(progress))));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };

    const approach = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        approach.disconnect();
        setValues(targets.map(() => 0));
      },
      { rootMargin: COUNT_UP_RESET_MARGIN },
    );
    const reveal = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        reveal.disconnect();
        approach.disconnect();
        animate();
      },
      { threshold: COUNT_UP_VISIBILITY },
    );
    approach.observe(element);
    reveal.observe(element);
    return () => {
      approach.disconnect();
      reveal.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [targets, elementRef, durationMs]);

  return values;
}
