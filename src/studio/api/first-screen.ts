import { createContext, use } from 'react';

/** The id of the page's `<script type="application/json">` that carries the first screen's data. */
export const FIRST_SCREEN_ELEMENT_ID = 'studio-first-screen';

/**
 * What the server rendered a signed-in person's first screen from (decision 0100): the API's
 * answers to the screen's first requests, by the very URL the app asks them on, and the moment
 * it rendered, so that "3 days ago" is counted from the same instant on both sides.
 */
export type FirstScreenData = { now: number; answers: Record<string, unknown> };

/**
 * The first screen's data while the page that came with it is being drawn: the server's
 * render and the browser's hydration read the same answers, so they draw the same markup.
 * Each answer is `taken` by the component that showed it once that component is on screen
 * (a screen's Suspense boundary may be hydrated after the frame around it, as React does, so
 * nothing can settle for all at once); a screen opened later asks the API for itself.
 */
export type FirstScreen = {
  /** The answer to a GET of `url` the page came with; undefined when there is none. */
  answerTo(url: string): unknown;
  /** The answer to `url` is on screen: no later screen may start from it. */
  take(url: string): void;
  /** When the first screen was drawn while any of its answers is still to be shown; else now. */
  now(): number;
};

export function firstScreenOf(data: FirstScreenData | null): FirstScreen {
  const answers = new Map(Object.entries(data?.answers ?? {}));
  return {
    answerTo: (url) => answers.get(url),
    take: (url) => {
      answers.delete(url);
    },
    now: () => (data !== null && answers.size > 0 ? data.now : Date.now()),
  };
}

/** The data the server put in the page, or null when it rendered no first screen. */
export function readFirstScreenFromPage(): FirstScreenData | null {
  const element = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (element?.textContent == null) return null;
  const data = JSON.parse(element.textContent) as FirstScreenData;
  return typeof data.now === 'number' && typeof data.answers === 'object' ? data : null;
}

const FirstScreenContext = createContext<FirstScreen>(firstScreenOf(null));

export const FirstScreenProvider = FirstScreenContext;

export function useFirstScreen(): FirstScreen {
  return use(FirstScreenContext);
}
