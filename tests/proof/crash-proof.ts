import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runCrashProof } from './crash/run-crash-proof';

const USAGE = 'Usage: npm run proof:crash -- [--rounds N] [--seed S]';
const DEFAULT_ROUNDS = 100;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function readOptions(): { rounds: number; seed: number } {
  try {
    const { values } = parseArgs({
      options: { rounds: { type: 'string' }, seed: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    });
    return {
      rounds: wholeNumber('rounds', values.rounds, 1, 10_000) ?? DEFAULT_ROUNDS,
      seed: wholeNumber('seed', values.seed, 0, 4_294_967_295) ?? randomInt(4_294_967_295),
    };
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

const { rounds, seed } = readOptions();
console.log(`Crash proof: ${rounds} SIGKILL rounds, seed ${seed} (replay with --seed ${seed})`);
const result = await runCrashProof({ rounds, seed, report: (line) => console.log(line) });
console.log(
  [
    '',
    `seed                                  ${result.seed}`,
    `kill rounds                           ${result.rounds}`,
    `requests sent (retries included)      ${result.requestsSent}`,
    `enquiries acknowledged (2xx)          ${result.acknowledged}`,
    `acknowledged enquiries stored         ${result.stored}`,
    `emails received by the SMTP server    ${result.emailsReceived}`,
    `duplicates with the same Message-ID   ${result.duplicatesSameMessageId}`,
    `answers cut off, retried with same id ${result.retriedSameId}`,
    `kills aimed after the commit          ${result.aimed['after-commit']}, landed inside the pause ${result.landed['after-commit']}`,
    `  enquiry committed, answer not sent  ${result.committedUnanswered}`,
    `kills aimed after the SMTP acceptance ${result.aimed['after-smtp-accept']}, landed inside the pause ${result.landed['after-smtp-accept']}`,
    `kills inside the acceptance window    ${result.killsInCrashWindow} (email at the SMTP server, not yet marked sent)`,
  ].join('\n'),
);
const third = Math.ceil(result.rounds / 3);
for (const point of ['after-commit', 'after-smtp-accept'] as const) {
  if (result.rounds >= 5 && result.landed[point] < third) {
    result.problems.push(
      `only ${result.landed[point]} of ${result.rounds} kills landed ${point}, fewer than a third`,
    );
  }
}
if (result.problems.length > 0) {
  console.error(`\nFAILED: ${result.problems.length} problem(s):\n${result.problems.join('\n')}`);
  process.exit(1);
}
console.log('\nOK: every acknowledged enquiry is stored and emailed, integrity_check ok.');
