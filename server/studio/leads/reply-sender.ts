/** The name and signature a staff member's replies carry. */
export type ReplySender = { name: string; signature: string };

/**
 * Staff are known by their address alone until they have a name and signature of their own:
 * the address's local part stands for the name ("sam" of sam@…), with no signature.
 */
export function replySenderOf(email: string): Promise<ReplySender> {
  return Promise.resolve({ name: email.split('@')[0] ?? email, signature: '' });
}
