import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';

const PAGES = [
  'dist/client/index.html',
  'dist/client/404.html',
  'dist/client/privacy/index.html',
  'dist/client/contact/sent/index.html',
  'dist/client/newsletter/sent/index.html',
];
/** The vnu-jar package exports the path of its jar. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

type VnuMessage = {
  type: string;
  message: string;
  lastLine?: number;
  url?: string;
  extract?: string;
};

function isVnuReport(value: unknown): value is { messages: VnuMessage[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'messages' in value &&
    Array.isArray(value.messages)
  );
}

/** Runs the Nu HTML Checker; it writes its JSON report to stderr and exits 1 on errors. */
function runVnu(files: string[]): Promise<{ messages: VnuMessage[] }> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error && 'code' in error && error.code === 'ENOENT') {
          reject(new Error('Java is not installed: apt-get install -y default-jre-headless'));
          return;
        }
        try {
          const report: unknown = JSON.parse(stderr);
          if (isVnuReport(report)) resolve(report);
          else reject(new Error(`Unexpected Nu HTML Checker output:\n${stderr}`));
        } catch {
          reject(new Error(`The Nu HTML Checker did not answer in JSON:\n${stderr}`));
        }
      },
    );
  });
}

/** The checker's message about a `<link rel="expect" … blocking="render">`, and only that one. */
function isExpectLinkBlocking(message: VnuMessage): boolean {
  return (
    message.message.includes('with a “blocking” attribute must have a “rel” attribute') &&
    /<link rel="expect" href="#[\w-]+" blocking="render"/.test(message.extract ?? '')
  );
}

test('the prerendered pages are valid HTML (Nu HTML Checker)', async () => {
  test.slow();
  const { messages } = await runVnu(PAGES);
  // The stylesheet is inlined as it was built. The checker's CSS grammar predates what Tailwind
  // emits (@property, margin-trim), so its CSS messages are about the checker, not the page.
  // Likewise its rule that only a stylesheet link may block: HTML gives `blocking` to
  // `<link rel="expect">` too (the link type "expect"), which `/`'s head uses (decision 0127).
  const errors = messages
    .filter((message) => !message.message.startsWith('CSS: '))
    .filter((message) => !isExpectLinkBlocking(message))
    .map(
      (message) =>
        `${message.url?.split('/').pop() ?? '?'}:${message.lastLine ?? '?'} ${message.message}` +
        (message.extract ? `\n    ${message.extract.trim()}` : ''),
    );
  if (errors.length > 0) console.log(`Nu HTML Checker errors:\n${errors.join('\n')}`);
  expect(errors).toEqual([]);
});
