import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runCrashProof } from '../proof/crash/run-crash-proof';

/** Two rounds aimed at each window and one at random, twice over (see aimOfRound). */
const ROUNDS = 10;
const AIMED_PER_WINDOW = 4;

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
        `${result.emailsReceived} emails, ${result.duplicatesSameMessageId} same-Message-ID duplicates, ` +
        `kills landed after the commit ${result.landed['after-commit']}, ` +
        `after the SMTP acceptance ${result.landed['after-smtp-accept']}`,
    );

    const context = `seed ${seed}\n${lines.join('\n')}`;
    expect(result.problems, context).toEqual([]);
    expect(result.rounds).toBe(ROUNDS);
    // The stream really ran: each round aimed after the commit held an enquiry of its own,
    // acknowledged on its retry, and every acknowledged one was stored and emailed. (How many
    // more get through depends on how fast the machine starts a server, not on the code.)
    expect(result.acknowledged).toBeGreaterThanOrEqual(AIMED_PER_WINDOW);
    expect(result.stored).toBe(result.acknowledged);
    expect(result.emailsReceived).toBe(result.acknowledged + result.duplicatesSameMessageId);
    // Every aimed kill landed where it was aimed, by the server's own log line.
    expect(result.aimed, context).toEqual({
      'after-commit': AIMED_PER_WINDOW,
      'after-smtp-accept': AIMED_PER_WINDOW,
    });
    expect(result.landed, context).toEqual(result.aimed);
    // Seen from outside too: the SMTP server held an email the store had not marked sent, and
    // the store held an enquiry whose answer never left; its retry got the same id.
    expect(result.killsInCrashWindow, context).toBeGreaterThanOrEqual(AIMED_PER_WINDOW);
    expect(result.committedUnanswered, context).toBe(AIMED_PER_WINDOW);
    expect(result.retriedSameId).toBe(result.committedUnanswered);
  }, 240_000);
});
