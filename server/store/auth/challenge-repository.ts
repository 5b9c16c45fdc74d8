import type { StoreContext } from '../db/store-context';

export type ChallengePurpose = 'registration' | 'authentication';

export type ChallengeRepository = {
  /** Keeps a challenge until `expiresAt`, and clears out the ones already expired. */
  saveChallenge(challenge: {
    challenge: string;
    purpose: ChallengePurpose;
    staffId: string | null;
    expiresAt: Date;
    now: Date;
  }): Promise<void>;
  /** Deletes the challenge; true only if it existed for this purpose and person and was fresh. */
  consumeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    staffId: string | null,
    now: Date,
  ): Promise<boolean>;
};

export function createChallengeRepository({ db, guard }: StoreContext): ChallengeRepository {
  return {
    saveChallenge: ({ challenge, purpose, staffId, expiresAt, now }) =>
      guard('keep a passkey challenge', async () => {
        await db
          .deleteFrom('webauthn_challenges')
          .where('expires_at', '<=', now.toISOString())
          .execute();
        await db
          .insertInto('webauthn_challenges')
          .values({
            challenge,
            purpose,
            staff_id: staffId,
            expires_at: expiresAt.toISOString(),
          })
          .execute();
      }),

    consumeChallenge: (challenge, purpose, staffId, now) =>
      guard('use a passkey challenge', async () => {
        const row = await db
          .deleteFrom('webauthn_challenges')
          .where('challenge', '=', challenge)
          .returning(['purpose', 'staff_id', 'expires_at'])
          .executeTakeFirst();
        return (
          row !== undefined &&
          row.purpose === purpose &&
          row.staff_id === staffId &&
          new Date(row.expires_at) > now
        );
      }),
  };
}
