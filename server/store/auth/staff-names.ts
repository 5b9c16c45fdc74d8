/**
 * A readable name from an address's local part, for staff who have not given one:
 * "sam.rivera@example.com" → "Sam Rivera". Kept beside the migration that first used it
 * because a shipped migration must keep producing the same names.
 */
export function nameFromAddress(email: string): string {
  const localPart = email.slice(0, Math.max(0, email.lastIndexOf('@'))) || email;
  const words = localPart
    .split(/[._+-]+/u)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return words.length > 0 ? words.join(' ') : email;
}
