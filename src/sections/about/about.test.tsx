import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSiteContentSeed } from '../../content/site-content-seed';
import { stubMatchMedia } from '../../test-setup';
import { About } from './about';
import { easeOutCubic } from './use-count-up';

type ObserverCallback = (entries: Partial<IntersectionObserverEntry>[]) => void;

/**
 * Controllable IntersectionObservers: the test decides when the section comes within a screen
 * of the viewport (the observer with a root margin) and when 30% of it is visible.
 */
function installObserver() {
  const observers: { callback: ObserverCallback; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: ObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ callback, options });
      }
      observe() {}
      disconnect() {}
    },
  );
  const notify = (
    isFor: (options?: IntersectionObserverInit) => boolean,
    isIntersecting: boolean,
  ) =>
    act(() =>
      observers
        .filter(({ options }) => isFor(options))
        .forEach(({ callback }) => callback([{ isIntersecting }])),
    );
  return {
    observers,
    setNear(isIntersecting: boolean) {
      notify((options) => options?.rootMargin !== undefined, isIntersecting);
    },
    setVisible(isIntersecting: boolean) {
      notify((options) => options?.threshold !== undefined, isIntersecting);
    },
  };
}

const shownValues = () =>
  screen.getAllByRole('definition').map((dd) => dd.querySelector('[aria-hidden]')?.textContent);

describe('About counters', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('render the final values first, as in the prerendered HTML', () => {
    installObserver();
    render(<About about={createSiteContentSeed().about} />);
    expect(shownValues()).toEqual(['500+', '200+', '25+']);
  });

  it('drop to 0 within a screen of the viewport, then count up over 2 seconds at 30% visibility', () => {
    const observer = installObserver();
    render(<About about={createSiteContentSeed().about} />);
    expect(observer.observers.map(({ options }) => options)).toEqual([
      { rootMargin: '100% 0px' },
      { threshold: 0.3 },
    ]);

    observer.setNear(false);
    observer.setVisible(false);
    expect(shownValues(), 'far away: nothing to hide yet').toEqual(['500+', '200+', '25+']);

    observer.setNear(true);
    expect(shownValues(), 'about to scroll into view').toEqual(['0+', '0+', '0+']);

    observer.setVisible(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const halfway = shownValues().map((value) => Number.parseInt(value ?? '', 10));
    // Ease-out: well past the linear 250 halfway (one animation frame of tolerance).
    const expected = 500 * easeOutCubic(0.5);
    expect(Math.abs((halfway[0] ?? 0) - expected)).toBeLessThan(6);

    act(() => {
      vi.advanceTimersByTime(1100);
    });
    expect(shownValues()).toEqual(['500+', '200+', '25+']);
  });

  it('count up from 0 when the page opens with the section already in view', () => {
    const observer = installObserver();
    render(<About about={createSiteContentSeed().about} />);
    observer.setNear(true);
    observer.setVisible(true);
    act(() => {
      vi.advanceTimersByTime(16);
    });
    const first = shownValues().map((value) => Number.parseInt(value ?? '', 10));
    expect(first[0]).toBeLessThan(50);
    act(() => {
      vi.advanceTimersByTime(2100);
    });
    expect(shownValues()).toEqual(['500+', '200+', '25+']);
  });

  it('give screen readers the final values while the digits tick', () => {
    const observer = installObserver();
    render(<About about={createSiteContentSeed().about} />);
    observer.setNear(true);
    const spoken = screen
      .getAllByRole('definition')
      .map((dd) => dd.querySelector('.sr-only')?.textContent);
    expect(spoken).toEqual(['500+', '200+', '25+']);
  });

  it('show the final values at once with reduced motion', () => {
    stubMatchMedia((query) => query === '(prefers-reduced-motion: reduce)');
    const observer = installObserver();
    render(<About about={createSiteContentSeed().about} />);
    expect(observer.observers).toHaveLength(0);
    expect(shownValues()).toEqual(['500+', '200+', '25+']);
  });

  it('claim the national design award', () => {
    installObserver();
    render(<About about={createSiteContentSeed().about} />);
    expect(screen.getByText('National Design Excellence Award')).toBeInTheDocument();
  });
});

describe('About from the content document', () => {
  it('shows the counters and the award the document holds', () => {
    installObserver();
    const { about } = createSiteContentSeed();
    render(
      <About
        about={{
          ...about,
          counters: about.counters.map((counter, index) => ({ ...counter, target: index + 7 })),
          award: { title: 'Regional Print Prize', text: 'For the festival posters.' },
        }}
      />,
    );
    expect(shownValues()).toEqual(['7+', '8+', '9+']);
    expect(screen.getByText('Regional Print Prize')).toBeInTheDocument();
    expect(screen.queryByText('National Design Excellence Award')).not.toBeInTheDocument();
  });
});

describe('easeOutCubic', () => {
  it('starts at 0, ends at 1 and is past linear halfway', () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
  });
});
