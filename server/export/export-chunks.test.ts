import { describe, expect, it } from 'vitest';
import { toByteStream, toExportChunks, type ExportShape } from './export-chunks';

type Person = { name: string };
const SHAPE: ExportShape<Person> = {
  columns: ['name'],
  cells: (person) => [person.name],
  json: (person) => person,
};

/** Pages as a store hands them over: one at a time, each when it arrives. */
async function* pagesOf(...pages: Person[][]) {
  for (const page of pages) yield await Promise.resolve(page);
}

async function exportedBytes(format: 'csv' | 'json'): Promise<Buffer> {
  const stream = toByteStream(toExportChunks(pagesOf([{ name: 'Tomás' }]), format, SHAPE));
  return Buffer.from(await new Response(stream).arrayBuffer());
}

describe('an export', () => {
  it('starts a CSV with the UTF-8 byte-order mark, so Excel reads "Tomás" as written', async () => {
    const bytes = await exportedBytes('csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('name\r\nTomás\r\n');
  });

  it('leaves JSON without one', async () => {
    const bytes = await exportedBytes('json');
    expect(bytes.toString('utf8')).toBe('[\n  {"name":"Tomás"}\n]\n');
  });
});
