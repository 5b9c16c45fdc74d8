/**
 * An id for a new list item: `project-4`, the first number not taken. Ids stay as they are
 * when the title changes, so links and history keep pointing at the same item.
 */
export function createItemId(prefix: string, items: readonly { id: string }[]): string {
  const taken = new Set(items.map((item) => item.id));
  let number = items.length + 1;
  while (taken.has(`${prefix}-${number}`)) number += 1;
  return `${prefix}-${number}`;
}
