import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCrashProof } from '../proof/crash/run-crash-proof';

const ROUNDS = 10;

describe('crash safety: SIGKILL while enquiries stream in', () => {
  it(`keeps every acknowledged enquiry through ${ROUNDS} kills and emails it once`, async () => {
    const seed = randomInt(4_294_967_295);
    const lines: string[] = [];
    const result = await runCrashProof({
      rounds: ROUNDS,
      seed,
      report: (line) => lines.push(line),
    });
    console.info(
      `crash proof, seed ${seed} (npm run proof:crash -- --rounds ${ROUNDS} --seed ${seed}): ` +
        `${result.acknowledged} acknowledged, ${result.stored} stored, ` +
        `${result.emailsReceived} emails, ${result.duplicatesSameMessageId} same-Message-ID duplicates`,
    );

    expect(result.problems, `seed ${seed}\n${lines.join('\n')}`).toEqual([]);
    expect(result.rounds).toBe(ROUNDS);
    // The stream really ran: enquiries were acknowledged and all of them stored and emailed.
    expect(result.acknowledged).toBeGreaterThan(ROUNDS);
    expect(result.stored).toBe(result.acknowledged);
    expect(result.emailsReceived).toBe(result.acknowledged + result.duplicatesSameMessageId);
  }, 180_000);
});
