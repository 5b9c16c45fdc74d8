import type { ExportFormat } from '../../common/studio-inbox';
import { csvCell } from './csv';

/** How one record becomes a CSV row and a JSON value. */
export type ExportShape<T> = {
  columns: readonly string[];
  cells: (item: T) => string[];
  json: (item: T) => unknown;
};

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The UTF-8 byte-order mark: without it Excel reads a CSV in the computer's legacy code page,
 * and "Tomás" opens as "TomÃ¡s". Other spreadsheet apps and CSV readers skip it.
 */
export const UTF8_BOM = '\uFEFF';

/**
 * A CSV file (byte-order mark, header, then one line per record) or a JSON array (one record per line), one
 * chunk per page, so an export of any length holds one page of text at a time.
 */
export async function* toExportChunks<T>(
  pages: AsyncIterable<readonly T[]>,
  format: ExportFormat,
  shape: ExportShape<T>,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield UTF8_BOM + csvLine(shape.columns);
    for await (const page of pages) yield page.map((item) => csvLine(shape.cells(item))).join('');
    return;
  }
  let separator = '[\n';
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield separator + page.map((item) => `  ${JSON.stringify(shape.json(item))}`).join(',\n');
    separator = ',\n';
  }
  yield separator === '[\n' ? '[]\n' : '\n]\n';
}

/** The chunks as a response body, read one at a time as the client takes them. */
export function toByteStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done === true) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
