import { serializeJsonForScript } from '../lib/json-in-script';
import type { IslandDefinition } from './define-island';

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
        dangerouslySetInnerHTML={{ __html: serializeJsonForScript(props) }}
      />
    </>
  );
}
