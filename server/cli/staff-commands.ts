import type { Store } from '../store/store';
import {
  addStaff,
  listStaff,
  removeStaff,
  resetStaff,
  type StaffChange,
} from '../studio/staff-admin';
import type { StaffRole } from '../store/auth/staff-repository';
import { showControls } from './visible-text';

export const STAFF_HELP = `  staff add <email> [--role member]                      add an owner (or a member, who cannot manage
                                                         the team); prints their one-time link
  staff list                                             the staff, with roles, passkeys and sessions
  staff remove <email>                                   remove a staff member and end their sessions
                                                         (never the last owner)
  staff reset <email>                                    forget their password and passkeys, end their
                                                         sessions, print a new one-time link
  audit [--limit N]                                      sign-ins, failures and staff changes, newest first`;

export type CommandResult = { code: number; stdout: string; stderr: string };

const ok = (stdout: string): CommandResult => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, code = 1): CommandResult => ({ code, stdout: '', stderr });

/**
 * Said instead of a whole link where SITE_URL is not set: the default address is a guess, and
 * a link to the wrong address does not open.
 */
const NO_SITE_URL =
  'SITE_URL is not set, so this command does not know the site’s address: put it in front of ' +
  'the link below, or run the command again with SITE_URL set as the server has it.';

function describeChange(
  change: StaffChange,
  email: string,
  verb: string,
  isOriginKnown: boolean,
): CommandResult {
  switch (change.kind) {
    case 'done':
      return ok(
        `${change.email} ${verb}. Send them this link; it works once, for 24 hours:\n` +
          (isOriginKnown ? '' : `${NO_SITE_URL}\n`) +
          `${change.link}\n`,
      );
    case 'invalid-email':
      return fail(`${change.reason}\n`, 2);
    case 'exists':
      return fail(`${email} is already on the staff. To send a new link: staff reset ${email}\n`);
    case 'unknown':
      return fail(`No staff member with the address ${email}.\n`);
    case 'last-owner':
      return fail(LAST_OWNER);
  }
}

function describeRemoval(outcome: 'removed' | 'unknown' | 'last-owner', email: string) {
  if (outcome === 'removed') return ok(`${email} removed; their sessions are ended.\n`);
  return fail(outcome === 'unknown' ? `No staff member with the address ${email}.\n` : LAST_OWNER);
}

const LAST_OWNER =
  'That is the last owner; the studio needs one to manage the team. Make someone else an ' +
  'owner first (in the studio, Team).\n';
const ROLES: readonly StaffRole[] = ['owner', 'member'];

/**
 * `staff add|list|remove|reset`; returns what to print rather than printing, for tests.
 * `siteOrigin` is the site's configured address, or null where it is not known; `roleOption`
 * is `--role`, which only `add` takes.
 */
export async function runStaffCommand(
  store: Store,
  positionals: string[],
  siteOrigin: string | null,
  now = new Date(),
  roleOption?: string,
): Promise<CommandResult> {
  const [action, email, ...rest] = positionals;
  const role = ROLES.find((candidate) => candidate === (roleOption ?? 'owner'));
  if (role === undefined) return fail('--role must be owner or member.\n', 2);
  if (roleOption !== undefined && action !== 'add') {
    return fail('Only "staff add" takes --role; change a role in the studio, Team.\n', 2);
  }
  const context = { auth: store.auth, siteOrigin, now };
  if (action === 'list' && email === undefined) {
    const staff = await listStaff(context);
    if (staff.length === 0) return ok('No staff yet. Add someone: staff add <email>\n');
    const lines = staff.map(
      (person) =>
        `${showControls(person.email)}  ${person.role}  ${person.passwordHash === null ? 'no password yet' : 'password set'}  ` +
        `${person.passkeys} passkey(s)  ${person.sessions} session(s)  added ${person.createdAt.toISOString()}`,
    );
    return ok(`${lines.join('\n')}\n`);
  }
  if (email === undefined || rest.length > 0 || action === 'list') {
    return fail('Usage: staff add|remove|reset <email>, or staff list\n', 2);
  }
  switch (action) {
    case 'add':
      return describeChange(
        await addStaff(context, email, role),
        email,
        `added as ${role === 'owner' ? 'an owner' : 'a member'}`,
        siteOrigin !== null,
      );
    case 'reset':
      return describeChange(await resetStaff(context, email), email, 'reset', siteOrigin !== null);
    case 'remove':
      return describeRemoval(await removeStaff(context, email), email);
    default:
      return fail(`Unknown staff command "${action ?? ''}".\n`, 2);
  }
}

/**
 * `audit`: the newest entries of the audit log, one line each. The email of a failed sign-in is
 * whatever the client sent, kept as sent; it is printed with its control characters escaped, so
 * an entry can neither drive the terminal nor pass for another line.
 */
export async function runAuditCommand(store: Store, limit: number): Promise<CommandResult> {
  const entries = await store.auth.listAudit(limit);
  if (entries.length === 0) return ok('The audit log is empty.\n');
  const lines = entries.map((entry) =>
    [entry.at.toISOString(), entry.event, entry.email ?? '-', entry.ip ?? '-', entry.detail ?? '']
      .map(showControls)
      .join('  ')
      .trimEnd(),
  );
  return ok(`${lines.join('\n')}\n`);
}
