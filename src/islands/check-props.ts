/**
 * Checks for an island's props, read from JSON in the page. A few type guards instead of zod:
 * they run on the first tap, where zod/mini's 6.5 KB (brotli) would cost more than the header
 * island itself (docs/decisions/0031-islands.md). Plain JSON needs no more than this.
 */
export type Check<T> = (value: unknown) => value is T;
export type Checked<C> = C extends Check<infer T> ? T : never;

export const isText: Check<string> = (value) => typeof value === 'string';
export const isNumber: Check<number> = (value) => typeof value === 'number';

export function oneOf<T extends string>(values: readonly T[]): Check<T> {
  return (value): value is T => values.some((candidate) => candidate === value);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function arrayOf<T>(item: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(item);
}

export function recordOf<T>(item: Check<T>): Check<Record<string, T>> {
  return (value): value is Record<string, T> =>
    isPlainObject(value) && Object.values(value).every(item);
}

export function objectOf<Shape extends Record<string, Check<unknown>>>(
  shape: Shape,
): Check<{ [Key in keyof Shape]: Checked<Shape[Key]> }> {
  return (value): value is { [Key in keyof Shape]: Checked<Shape[Key]> } =>
    isPlainObject(value) && Object.entries(shape).every(([key, check]) => check(value[key]));
}
