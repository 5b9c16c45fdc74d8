/** A solved proof-of-work challenge, to be spent once: its nonce, kept until the challenge expires. */
export type ChallengeClaim = { nonce: string; expiresAt: Date };
