/**
 * Reading and changing the content document by dotted path (`testimonials.items.0.quote`),
 * the same paths the server names in its field errors. Changes copy only the objects on the
 * path, so React sees what changed and everything else keeps its identity.
 */

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;

export const splitPath = (path: string): string[] => (path === '' ? [] : path.split('.'));

export function readAt(document: unknown, path: string): unknown {
  let value = document;
  for (const key of splitPath(path)) {
    if (!isContainer(value)) return undefined;
    value = Array.isArray(value) ? value[Number(key)] : value[key];
  }
  return value;
}

function writeKeys(value: unknown, keys: string[], next: unknown): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return next;
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    copy[Number(key)] = writeKeys(copy[Number(key)], rest, next);
    return copy;
  }
  const record = isContainer(value) ? (value as Record<string, unknown>) : {};
  return { ...record, [key]: writeKeys(record[key], rest, next) };
}

/** A copy of `document` with `next` at `path`. */
export function writeAt<T>(document: T, path: string, next: unknown): T {
  return writeKeys(document, splitPath(path), next) as T;
}

/** Deep equality for JSON values. */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((key) =>
    isSameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/** Whether `path` is `prefix` or lies inside it. */
export const isWithin = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}.`);
