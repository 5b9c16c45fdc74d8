import type { IslandDefinition } from './define-island';

/** Characters that could end the <script> element or break a JavaScript parser, escaped. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

export function serializeIslandProps(props: object): string {
  return JSON.stringify(props).replace(
    UNSAFE_IN_SCRIPT,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The server's marker for an island: the component rendered inside a box the browser hydrates
 * as its own root, and its props as JSON right after it. The box has `display: contents`, so
 * it changes no layout; src/islands/registry.ts says when the browser wakes it.
 */
export function Island<Props extends object>({
  of: island,
  props,
}: {
  of: IslandDefinition<Props>;
  props: Props;
}) {
  const { Component } = island;
  return (
    <>
      <div data-island={island.name} className="contents">
        <Component {...props} />
      </div>
      <script
        type="application/json"
        data-island-props=""
        dangerouslySetInnerHTML={{ __html: serializeIslandProps(props) }}
      />
    </>
  );
}
