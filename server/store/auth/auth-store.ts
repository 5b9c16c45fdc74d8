import type { StoreContext } from '../db/store-context';
import { createAuditRepository, type AuditRepository } from './audit-repository';
import { createChallengeRepository, type ChallengeRepository } from './challenge-repository';
import { createPasskeyRepository, type PasskeyRepository } from './passkey-repository';
import { createSessionRepository, type SessionRepository } from './session-repository';
import { createStaffRepository, type StaffRepository } from './staff-repository';
import { createTeamRepository, type TeamRepository } from './team-repository';
import {
  createWelcomeTokenRepository,
  type WelcomeTokenRepository,
} from './welcome-token-repository';

/** Everything the studio's sign-in keeps: staff, sessions, links, passkeys and the audit log. */
export type AuthStore = StaffRepository &
  TeamRepository &
  SessionRepository &
  WelcomeTokenRepository &
  PasskeyRepository &
  ChallengeRepository &
  AuditRepository;

export function createAuthStore(context: StoreContext): AuthStore {
  return {
    ...createStaffRepository(context),
    ...createTeamRepository(context),
    ...createSessionRepository(context),
    ...createWelcomeTokenRepository(context),
    ...createPasskeyRepository(context),
    ...createChallengeRepository(context),
    ...createAuditRepository(context),
  };
}
