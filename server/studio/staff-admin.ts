import { EmailAddressSchema } from '../../common/fields';
import type { AuthStore } from '../store/auth/auth-store';
import type { StaffRole, StaffSummary } from '../store/auth/staff-repository';
import { nameFromAddress } from '../store/auth/staff-names';
import { createSecretToken } from './secret-token';

const WELCOME_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const WELCOME_PATH = '/studio/welcome';

/** `siteOrigin` is null where the site's address is not known: links are then paths. */
export type AdminContext = { auth: AuthStore; siteOrigin: string | null; now: Date };

export type StaffChange =
  | { kind: 'done'; email: string; link: string }
  | { kind: 'invalid-email'; reason: string }
  | { kind: 'exists' }
  | { kind: 'unknown' }
  | { kind: 'last-owner' };

/** The link rides the token in the fragment, which browsers never send to a server. */
export function welcomeLink(siteOrigin: string | null, token: string): string {
  return `${siteOrigin ?? ''}${WELCOME_PATH}#token=${token}`;
}

/** A new one-time link; it replaces the person's earlier ones unless `besideOthers`. */
export async function issueWelcomeLink(
  context: AdminContext,
  staffId: string,
  besideOthers = false,
): Promise<string> {
  const { token, hash } = createSecretToken();
  await context.auth.createWelcomeToken({
    tokenHash: hash,
    staffId,
    now: context.now,
    expiresAt: new Date(context.now.getTime() + WELCOME_LINK_TTL_MS),
    besideOthers,
  });
  return welcomeLink(context.siteOrigin, token);
}

function recordChange(context: AdminContext, event: string, email: string): Promise<void> {
  return context.auth.recordAudit({ at: context.now, event, email, ip: null, detail: 'cli' });
}

/**
 * Adds a person with no password, named after their address until they choose a name, and
 * returns the one-time link where they choose a password.
 */
export async function addStaff(
  context: AdminContext,
  rawEmail: string,
  role: StaffRole,
): Promise<StaffChange> {
  const parsed = EmailAddressSchema.safeParse(rawEmail);
  if (!parsed.success) {
    return { kind: 'invalid-email', reason: parsed.error.issues[0]?.message ?? 'Invalid email.' };
  }
  const name = nameFromAddress(parsed.data);
  const staff = await context.auth.createStaff(parsed.data, context.now, { name, role });
  if (staff === null) return { kind: 'exists' };
  const link = await issueWelcomeLink(context, staff.id);
  await recordChange(context, 'staff_added', staff.email);
  return { kind: 'done', email: staff.email, link };
}

/**
 * A fresh one-time link for the invitation email of someone who has not chosen a password yet;
 * null once they have, or were removed, since nobody waits for the email then.
 */
export async function mintInvitationLink(
  auth: AuthStore,
  email: string,
  siteOrigin: string,
): Promise<string | null> {
  const staff = await auth.findStaffByEmail(email);
  if (staff === null || staff.passwordHash !== null) return null;
  // Beside the link the owner was shown, so whichever reaches the person first works.
  return issueWelcomeLink({ auth, siteOrigin, now: new Date() }, staff.id, true);
}

/** Forgets the person's password, passkeys and sessions, and returns a fresh link. */
export async function resetStaff(context: AdminContext, email: string): Promise<StaffChange> {
  const staff = await context.auth.findStaffByEmail(email);
  if (staff === null) return { kind: 'unknown' };
  await context.auth.resetStaff(staff.id);
  const link = await issueWelcomeLink(context, staff.id);
  await recordChange(context, 'staff_reset', staff.email);
  return { kind: 'done', email: staff.email, link };
}

/** Removes the person; their sessions, passkeys and links go with them. Never the last owner. */
export async function removeStaff(
  context: AdminContext,
  email: string,
): Promise<'removed' | 'unknown' | 'last-owner'> {
  const removed = await context.auth.removeStaff(email);
  if (removed.kind === 'not-found') return 'unknown';
  if (removed.kind === 'last-owner') return 'last-owner';
  await recordChange(context, 'staff_removed', removed.staff.email);
  return 'removed';
}

export function listStaff(context: AdminContext): Promise<StaffSummary[]> {
  return context.auth.listStaff();
}
