/**
 * The store failed on a message (an outage, a deadlock), storing an answer the parser read or
 * setting aside one it could not: the message stays in the mailbox, and the cursor before it,
 * for the next pass to store.
 */
export class AnswerNotStoredError extends Error {
  override name = 'AnswerNotStoredError';

  constructor(
    readonly uid: number,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`the answer with UID ${String(uid)} could not be stored: ${reason}`, { cause });
  }
}
