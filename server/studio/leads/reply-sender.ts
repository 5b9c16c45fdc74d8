import type { AuthStore } from '../../store/auth/auth-store';
import { nameFromAddress } from '../../store/auth/staff-names';

/** The name and signature a staff member's replies carry. */
export type ReplySender = { name: string; signature: string };

/**
 * Reads a staff member's name and signature from their record. Someone removed while a reply
 * was on its way is named from their address, with no signature.
 */
export function createReplySenderReader(
  auth: Pick<AuthStore, 'findStaffByEmail'>,
): (email: string) => Promise<ReplySender> {
  return async (email) => {
    const staff = await auth.findStaffByEmail(email);
    return staff === null
      ? { name: nameFromAddress(email), signature: '' }
      : { name: staff.name, signature: staff.signature };
  };
}
