/**
 * Every row of a keyset-paged list, a page at a time, so an export of any length holds one page
 * in memory. `read` is given the last row of the previous page (null for the first). The first
 * page is read before this resolves, so a store that cannot answer fails the export before any
 * of it is written.
 */
export async function readInPages<T>(
  read: (last: T | null) => Promise<T[]>,
  pageSize: number,
): Promise<AsyncIterable<T[]>> {
  const first = await read(null);
  return (async function* pages() {
    let page = first;
    yield page;
    while (page.length === pageSize) {
      const last = page.at(-1);
      if (last === undefined) return;
      page = await read(last);
      yield page;
    }
  })();
}
