import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Each source file under a folder, with the files it imports (relative imports only). */
export type ImportGraph = Map<string, Set<string>>;

const sourceFile = /\.tsx?$/;

function listSources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return listSources(path);
    return sourceFile.test(name) ? [path] : [];
  });
}

function resolveImport(importer: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(importer), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => sourceFile.test(path) && existsSync(path)) ?? null;
}

/**
 * Reads every import, export-from and dynamic import of the files under `folder`, type-only
 * ones included: a circle of types still ties the files of a circle together.
 */
export function readImportGraph(folder: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of listSources(folder)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolveImport(file, fileName))
      .filter((target): target is string => target !== null);
    graph.set(
      relative(process.cwd(), file),
      new Set(targets.map((t) => relative(process.cwd(), t))),
    );
  }
  return graph;
}

/**
 * The circles of the graph: each group of files that reach one another through their imports
 * (Tarjan's strongly connected components), and each file that imports itself.
 */
export function findCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];

  function visit(file: string): void {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) cycles.push(component.sort());
  }

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}
