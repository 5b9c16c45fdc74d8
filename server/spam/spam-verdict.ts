import type { ChallengeCheck } from './challenges';

export type SpamReason =
  | 'no-solution'
  | 'invalid-solution'
  | 'expired-solution'
  | 'replayed-solution'
  | 'honeypot'
  | 'mostly-links'
  | 'too-fast';

export type SpamVerdict = { isSpam: boolean; reasons: SpamReason[] };

const CHALLENGE_REASONS: Record<Exclude<ChallengeCheck['state'], 'solved'>, SpamReason> = {
  missing: 'no-solution',
  invalid: 'invalid-solution',
  expired: 'expired-solution',
  replayed: 'replayed-solution',
};

const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;

/**
 * A message is mostly links when the links hold more than half of its visible characters: a
 * brief that names a few reference sites passes, a list of URLs with a word between does not.
 */
export function isMostlyLinks(message: string): boolean {
  const visible = message.replace(/\s+/g, '');
  if (visible.length === 0) return false;
  const linked = (message.match(LINK) ?? []).reduce((sum, link) => sum + link.length, 0);
  return linked * 2 > visible.length;
}

/**
 * Decides whether a submission is spam. Spam is never refused: it is stored for the studio to
 * review (enquiries) or set aside (sign-ups), and the sender gets the normal answer.
 */
export function judgeSubmission(submission: {
  challenge: ChallengeCheck;
  honeypot?: string | undefined;
  message?: string | undefined;
  minFillMs: number;
  now: number;
}): SpamVerdict {
  const { challenge } = submission;
  const reasons: SpamReason[] = [];
  if (challenge.state !== 'solved') reasons.push(CHALLENGE_REASONS[challenge.state]);
  else if (submission.now - challenge.issuedAt < submission.minFillMs) reasons.push('too-fast');
  if ((submission.honeypot ?? '').trim() !== '') reasons.push('honeypot');
  if (submission.message !== undefined && isMostlyLinks(submission.message)) {
    reasons.push('mostly-links');
  }
  return { isSpam: reasons.length > 0, reasons };
}
