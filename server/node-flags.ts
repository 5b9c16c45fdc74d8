/**
 * Node flags the server must be started with; `npm start` and `npm run serve` pass them (a test
 * keeps package.json in step). `--min-semi-space-size=16` keeps V8's young generation at 16 MB
 * or more: after a quiet spell V8 shrinks it to 1 MB, steady traffic never grows it back, and
 * the process then collects garbage ten times as often per request (docs/decisions/0016).
 */
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=16'] as const;

/** The flags this process was started without, so the server can say so at start-up. */
export function missingNodeFlags(execArgv: readonly string[]): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
