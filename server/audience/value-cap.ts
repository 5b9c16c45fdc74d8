import { DISTINCT_VALUES_PER_DAY, OTHER } from './summarize-views';

export type ValueCap = (day: string, dimension: string, value: string | null) => string | null;

/**
 * Past DISTINCT_VALUES_PER_DAY distinct values of a dimension in a day, new values become
 * OTHER, so 100,000 made-up referrers cost one instance at most a thousand strings a
 * dimension. The roll-ups cap each day again across instances.
 */
export function createValueCap(limit = DISTINCT_VALUES_PER_DAY): ValueCap {
  let today = '';
  const seen = new Map<string, Set<string>>();
  return (day, dimension, value) => {
    if (value === null) return null;
    if (day !== today) {
      today = day;
      seen.clear();
    }
    let values = seen.get(dimension);
    if (values === undefined) {
      values = new Set();
      seen.set(dimension, values);
    }
    if (values.has(value)) return value;
    if (values.size >= limit) return OTHER;
    values.add(value);
    return value;
  };
}
