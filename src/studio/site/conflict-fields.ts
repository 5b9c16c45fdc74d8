import { isSameValue, writeAt } from './content-paths';

/** A field that someone else changed since this editor loaded the draft, as both have it. */
export type ConflictField = {
  path: string;
  mine: unknown;
  theirs: unknown;
  /** Theirs when only they changed it; mine when both did. The person decides either way. */
  suggested: Choice;
};

export type Choice = 'mine' | 'theirs';

type Entry = Record<string, unknown>;

const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An image is one field: its sizes and files belong together. */
const isImage = (value: unknown) => isEntry(value) && 'sources' in value;

const idOf = (item: unknown) => (isEntry(item) && typeof item.id === 'string' ? item.id : null);

/**
 * Lists are compared item by item only when all three versions hold the same items in the same
 * order; once anyone added, removed or moved one, the whole list is one field to choose.
 */
function isSameShape(lists: unknown[][]): boolean {
  const [first = [], ...rest] = lists;
  return rest.every(
    (list) =>
      list.length === first.length &&
      list.every((item, index) => idOf(item) === idOf(first[index])),
  );
}

const join = (path: string, key: string | number) => (path === '' ? `${key}` : `${path}.${key}`);

function collect(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  path: string,
  out: ConflictField[],
): void {
  if (isSameValue(base, theirs) || isSameValue(mine, theirs)) return;
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) {
    if (isSameShape([base, mine, theirs])) {
      theirs.forEach((item, index) =>
        collect(base[index], mine[index], item, join(path, index), out),
      );
      return;
    }
  } else if (
    [base, mine, theirs].every((value) => isEntry(value) && !isImage(value)) &&
    isEntry(base) &&
    isEntry(mine) &&
    isEntry(theirs)
  ) {
    for (const key of new Set([...Object.keys(base), ...Object.keys(theirs)])) {
      collect(base[key], mine[key], theirs[key], join(path, key), out);
    }
    return;
  }
  out.push({ path, mine, theirs, suggested: isSameValue(mine, base) ? 'theirs' : 'mine' });
}

/**
 * Three-way comparison of the draft this editor loaded (`base`), the edits made on it (`mine`)
 * and the draft someone else saved meanwhile (`theirs`): every field they changed that now
 * differs from this editor's version. Fields only this editor changed stay as they are.
 */
export function listConflictFields(base: unknown, mine: unknown, theirs: unknown): ConflictField[] {
  const out: ConflictField[] = [];
  collect(base, mine, theirs, '', out);
  return out;
}

/** This editor's version with their value in every field where the person took theirs. */
export function applyChoices<T>(
  mine: T,
  fields: readonly ConflictField[],
  choices: Readonly<Record<string, Choice>>,
): T {
  return fields.reduce<T>(
    (merged, field) =>
      (choices[field.path] ?? field.suggested) === 'theirs'
        ? writeAt(merged, field.path, field.theirs)
        : merged,
    mine,
  );
}
