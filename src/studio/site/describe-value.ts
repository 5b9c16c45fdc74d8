import { siteCopy } from '../copy';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The words that name a list item: its title, name or label, else its first text. */
function nameOfItem(item: unknown): string {
  if (!isRecord(item)) return describeValue(item);
  for (const key of ['title', 'author', 'label', 'quote']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return describeValue(Object.values(item).find((value) => typeof value === 'string') ?? '');
}

/** A value of the document as a person reads it in the conflict view. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return value.trim() === '' ? siteCopy.conflict.emptyValue : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return siteCopy.conflict.emptyValue;
    return `${siteCopy.conflict.items(value.length)}: ${value.map(nameOfItem).join(' · ')}`;
  }
  if (isRecord(value)) {
    if (typeof value.width === 'number' && typeof value.height === 'number' && 'sources' in value) {
      return siteCopy.conflict.image(value.width, value.height);
    }
    return nameOfItem(value);
  }
  return siteCopy.conflict.emptyValue;
}
