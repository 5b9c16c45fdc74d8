/**
 * The words of a search box, cut the way both full-text indexes cut text: letters, digits and
 * marks make words, everything else separates them. Only these words ever reach a query, so
 * FTS5 or tsquery syntax typed into the box (quotes, NEAR, `*`, `&`, `:`, `!`) is just a
 * separator and can neither break nor widen the search.
 */
export function toSearchTerms(query: string): string[] {
  const words = query
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}\p{Co}]+/u)
    .filter((word) => word !== '');
  return [...new Set(words)];
}

/** FTS5: every word, as a quoted prefix, must occur. */
export function toFts5Match(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"*`).join(' AND ');
}

/** PostgreSQL tsquery: every word, as a prefix, must occur. */
export function toTsQuery(terms: readonly string[]): string {
  return terms.map((term) => `'${term}':*`).join(' & ');
}
