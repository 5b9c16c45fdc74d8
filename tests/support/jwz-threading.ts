/**
 * Jamie Zawinski's message threading algorithm (https://www.jwz.org/doc/threading.html), the
 * one Netscape, Thunderbird and mutt build conversations with, steps 1 to 4: containers by
 * Message-ID, parents from References (In-Reply-To when it has none), loops refused, empty
 * containers pruned. Step 5, gathering roots by subject, is left out on purpose: a thread must
 * hold together by its headers alone. Written here because no maintained npm package
 * implements it.
 */

/** What threading reads of a message: its headers, as a client parses them. */
export type ThreadableMessage = {
  messageId: string;
  inReplyTo?: string;
  /** Oldest first. */
  references: readonly string[];
};

type Container = {
  id: string;
  message: ThreadableMessage | null;
  parent: Container | null;
  children: Container[];
};

/** Whether `ancestor` is `node` or one of its ancestors. */
function isAncestorOf(ancestor: Container, node: Container | null): boolean {
  for (let current = node; current !== null; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
}

function setParent(child: Container, parent: Container | null): void {
  if (child.parent !== null) {
    child.parent.children = child.parent.children.filter((sibling) => sibling !== child);
  }
  child.parent = parent;
  if (parent !== null) parent.children.push(child);
}

/** Step 4: empty containers without children go; an empty one's children take its place. */
function prune(containers: Container[], isRootSet: boolean): Container[] {
  return containers.flatMap((container) => {
    container.children = prune(container.children, false);
    for (const child of container.children) child.parent = container;
    if (container.message !== null) return [container];
    if (container.children.length === 0) return [];
    // An empty root is kept when it would scatter several children into the root set.
    if (isRootSet && container.children.length > 1) return [container];
    return container.children;
  });
}

/** The threads, each as the Message-IDs of its messages in tree order (root first). */
export function threadMessages(messages: readonly ThreadableMessage[]): string[][] {
  const table = new Map<string, Container>();
  const containerFor = (id: string): Container => {
    let container = table.get(id);
    if (container === undefined) {
      container = { id, message: null, parent: null, children: [] };
      table.set(id, container);
    }
    return container;
  };
  for (const message of messages) {
    // Step 1A: the message's own container.
    const own = containerFor(message.messageId);
    own.message = message;
    const chain =
      message.references.length > 0
        ? message.references
        : message.inReplyTo === undefined
          ? []
          : [message.inReplyTo];
    // Step 1B: link the References in order, each the parent of the next, never into a loop
    // and never over a link already made.
    let previous: Container | null = null;
    for (const id of chain) {
      const container = containerFor(id);
      if (
        previous !== null &&
        container.parent === null &&
        !isAncestorOf(container, previous) &&
        container !== previous
      ) {
        setParent(container, previous);
      }
      previous = container;
    }
    // Step 1C: the last reference is the message's parent, whatever was thought before.
    setParent(own, previous !== null && !isAncestorOf(own, previous) ? previous : null);
  }
  // Steps 2 to 4: the root set, pruned.
  const roots = prune(
    [...table.values()].filter((container) => container.parent === null),
    true,
  );
  const flatten = (container: Container): string[] => [
    ...(container.message === null ? [] : [container.message.messageId]),
    ...container.children.flatMap(flatten),
  ];
  return roots.map(flatten);
}
