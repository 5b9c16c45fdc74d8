import { StrictMode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandDefinition } from './define-island';

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(() => onCommit(), [onCommit]);
  return null;
}

/**
 * Hydrates one island as its own React root and resolves once React has committed it and run
 * its effects, so an action held back while it woke can be replayed on live controls. Props
 * that fail the island's check reject: the island stays plain HTML.
 */
export function hydrateIsland<Props extends object>(
  element: Element,
  island: IslandDefinition<Props>,
  rawProps: unknown,
): Promise<void> {
  if (!island.isValid(rawProps)) {
    return Promise.reject(new Error(`The props of island "${island.name}" are not valid.`));
  }
  const { Component } = island;
  const props = rawProps;
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <Component {...props} />
        <Committed onCommit={resolve} />
      </StrictMode>,
    );
  });
}
