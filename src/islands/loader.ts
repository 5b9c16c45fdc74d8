import type { IslandEntry } from './registry';

type IslandState = 'waking' | 'live' | 'failed';

declare global {
  interface Window {
    /** Clicks and submissions held by the page's inline script until this loader runs. */
    __islandEvents?: { held: Event[]; isStarted: boolean };
  }
}

/** `near` islands wake when their section comes within a screen of the viewport. */
const NEAR_VIEWPORT = '100% 0px';
const INTENT_EVENTS = ['pointerdown', 'focusin', 'keydown'] as const;

const stateOf = (island: HTMLElement) => island.dataset.islandState as IslandState | undefined;
const isLive = (island: HTMLElement) => {
  const state = stateOf(island);
  return state === 'live' || state === 'failed';
};

function islandAround(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-island]') : null;
}

function readProps(island: HTMLElement): unknown {
  const script = island.nextElementSibling;
  if (!(script instanceof HTMLScriptElement) || !script.hasAttribute('data-island-props')) {
    throw new Error(`Island "${island.dataset.island}" has no props beside it.`);
  }
  return JSON.parse(script.textContent);
}

/**
 * Wakes the page's islands when they are needed (src/islands/registry.ts) and holds back the
 * actions that arrive while one is still waking: a click on one of its buttons or a form's
 * submission is replayed once it is live (hydrated, or its plain controls wired), so the first
 * tap is never lost. Nothing of React is imported until a React island wakes.
 */
export function startIslands(registry: Readonly<Record<string, IslandEntry>>): void {
  const held = new Map<HTMLElement, (() => void)[]>();
  /** Each watched section (or island outside one), with the islands it wakes. */
  const watched = new Map<Element, HTMLElement[]>();
  const near =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const { target, isIntersecting } of entries) {
              if (!isIntersecting) continue;
              near?.unobserve(target);
              watched.get(target)?.forEach(wake);
            }
          },
          { rootMargin: NEAR_VIEWPORT },
        )
      : null;

  function settle(island: HTMLElement, state: IslandState): void {
    island.dataset.islandState = state;
    for (const replay of held.get(island) ?? []) replay();
    held.delete(island);
  }

  function wake(island: HTMLElement): void {
    const entry = registry[island.dataset.island ?? ''];
    if (stateOf(island) !== undefined || entry === undefined) return;
    island.dataset.islandState = 'waking';
    const started =
      'controls' in entry
        ? entry.controls().then((control) => control(island))
        : Promise.all([import('./hydrate-island'), entry.load()]).then(
            ([{ hydrateIsland }, { island: definition }]) =>
              hydrateIsland(island, definition, readProps(island)),
          );
    started.then(
      () => settle(island, 'live'),
      (error: unknown) => {
        console.error(error);
        // The page's no-JavaScript form hides the controls that would now stay dead.
        document.documentElement.classList.replace('js', 'no-js');
        settle(island, 'failed');
      },
    );
  }

  function hold(island: HTMLElement, replay: () => void): void {
    held.set(island, [...(held.get(island) ?? []), replay]);
    wake(island);
  }

  for (const type of INTENT_EVENTS) {
    document.addEventListener(
      type,
      (event) => {
        const island = islandAround(event.target);
        if (island) wake(island);
      },
      { capture: true, passive: true },
    );
  }
  const holdClick = (event: Event) => {
    const island = islandAround(event.target);
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!island || isLive(island) || !button || button.type === 'submit') return;
    hold(island, () => button.click());
  };
  const holdSubmit = (event: Event) => {
    const island = islandAround(event.target);
    const form = event.target;
    if (!island || isLive(island) || !(form instanceof HTMLFormElement)) return;
    event.preventDefault();
    const submitter = event instanceof SubmitEvent ? event.submitter : null;
    hold(island, () => form.requestSubmit(submitter));
  };
  document.addEventListener('click', holdClick, true);
  document.addEventListener('submit', holdSubmit, true);
  const early = window.__islandEvents;
  if (early) {
    early.isStarted = true;
    for (const event of early.held) (event.type === 'submit' ? holdSubmit : holdClick)(event);
  }

  document.querySelectorAll<HTMLElement>('[data-island]').forEach((island) => {
    const wakesWhen = registry[island.dataset.island ?? '']?.wake;
    if (wakesWhen === 'now' || (wakesWhen === 'near' && near === null)) wake(island);
    if (wakesWhen !== 'near' || near === null) return;
    // The section, not the island: its controls are useful as soon as any of it is in view.
    const section = island.closest('section, footer') ?? island;
    watched.set(section, [...(watched.get(section) ?? []), island]);
    near.observe(section);
  });
  document.documentElement.dataset.islands = 'started';
}
