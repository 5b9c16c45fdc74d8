import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A sleep followed at once by an assertion, where a test should wait for a condition. */
export type SleepBeforeAssert = { file: string; line: number; sleep: string };

/**
 * Calls that only let time pass: `sleep(ms)`, `delay(ms)`, node:timers/promises' `setTimeout`,
 * Playwright's `waitForTimeout`, and `new Promise((resolve) => setTimeout(resolve, ms))`.
 */
const SLEEP_NAMES = new Set(['sleep', 'delay', 'setTimeout', 'waitForTimeout']);
const ASSERTION = /^(?:await\s+)?(?:expect|assert)\b/;
/**
 * A sleep that keeps a window on purpose says so just above it (decision 0065): a check that
 * something does *not* happen, or a duration that must pass, has no condition to wait for.
 */
const KEPT_WINDOW = /\bwindow\b/i;

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function callsSetTimeout(node: ts.Node): boolean {
  if (ts.isCallExpression(node) && calleeName(node) === 'setTimeout') return true;
  return ts.forEachChild(node, callsSetTimeout) ?? false;
}

function isSleep(statement: ts.Statement): boolean {
  if (!ts.isExpressionStatement(statement)) return false;
  const awaited = statement.expression;
  if (!ts.isAwaitExpression(awaited)) return false;
  const inner = awaited.expression;
  if (ts.isCallExpression(inner)) return SLEEP_NAMES.has(calleeName(inner) ?? '');
  return (
    ts.isNewExpression(inner) &&
    ts.isIdentifier(inner.expression) &&
    inner.expression.text === 'Promise' &&
    callsSetTimeout(inner)
  );
}

function keepsWindow(statement: ts.Statement, text: string): boolean {
  const comments = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
  return comments.some((range) => KEPT_WINDOW.test(text.slice(range.pos, range.end)));
}

/** Every sleep in `source` whose next statement asserts, unless it says it keeps a window. */
export function findSleepsBeforeAsserts(file: string, source: string): SleepBeforeAssert[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: SleepBeforeAssert[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) || ts.isSourceFile(node)) {
      node.statements.forEach((statement, index) => {
        const next = node.statements[index + 1];
        if (next === undefined || !isSleep(statement) || keepsWindow(statement, source)) return;
        if (!ASSERTION.test(next.getText(tree))) return;
        const { line } = tree.getLineAndCharacterOfPosition(statement.getStart(tree));
        found.push({ file, line: line + 1, sleep: statement.getText(tree) });
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const TEST_FILE = /\.(?:test|spec)\.tsx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'data', 'test-results']);

/** The test files under `folder` (tests and their support, and `*.test.ts(x)` anywhere). */
export function listTestFiles(folder: string, isUnderTests = false): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(entry.name)) return [];
      return listTestFiles(full, isUnderTests || entry.name === 'tests');
    }
    const isTypeScript = /\.tsx?$/.test(entry.name);
    return isTypeScript && (isUnderTests || TEST_FILE.test(entry.name)) ? [full] : [];
  });
}

/** Every sleep before an assertion in the project's tests under `root`. */
export function findSleepsBeforeAssertsIn(root: string): SleepBeforeAssert[] {
  return listTestFiles(root).flatMap((file) =>
    findSleepsBeforeAsserts(path.relative(root, file), readFileSync(file, 'utf8')),
  );
}
