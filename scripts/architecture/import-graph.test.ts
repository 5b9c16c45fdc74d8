import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph, type ImportGraph } from './import-graph';

function graphOf(edges: Record<string, string[]>): ImportGraph {
  return new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));
}

describe('the import graph', () => {
  it('finds a circle through several files, and a file that imports itself', () => {
    const cycles = findCycles(
      graphOf({
        'store.ts': ['outbox.ts'],
        'outbox.ts': ['row.ts'],
        'row.ts': ['store.ts'],
        'self.ts': ['self.ts'],
        'leaf.ts': [],
      }),
    );
    expect(cycles).toEqual([['outbox.ts', 'row.ts', 'store.ts'], ['self.ts']]);
  });

  it('finds none in a graph whose arrows all point one way', () => {
    expect(findCycles(graphOf({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual(
      [],
    );
  });

  it('has no circle anywhere in server/, type-only imports included', () => {
    expect(findCycles(readImportGraph('server'))).toEqual([]);
  });

  it('has no circle anywhere in the rest of the code, nor between its folders', () => {
    const folders = ['common', 'src', 'scripts', 'tests', 'server'];
    const graph: ImportGraph = new Map(folders.flatMap((folder) => [...readImportGraph(folder)]));
    expect(findCycles(graph)).toEqual([]);
  });
});
