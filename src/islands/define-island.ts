import type { ComponentType } from 'react';
import type { Check } from './check-props';

/**
 * A part of the page that hydrates on its own. Its props travel in the HTML beside it, so the
 * check tests them on the way in: a page rendered from other content (or a stale cache)
 * leaves the island as plain HTML rather than hydrating it with data it cannot read.
 */
export type IslandDefinition<Props extends object> = {
  name: string;
  Component: ComponentType<Props>;
  isValid: Check<Props>;
};

export function defineIsland<Props extends object>(
  name: string,
  Component: ComponentType<Props>,
  isValid: Check<Props>,
): IslandDefinition<Props> {
  return { name, Component, isValid };
}
