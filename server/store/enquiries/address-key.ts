/**
 * How one person's address is recognised across enquiries and calls: the domain compared
 * without case (RFC 5321 leaves the local part's case to the receiving server, and most
 * treat it as written, so it is kept as written).
 */
export function toAddressKey(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.trim();
  return `${email.slice(0, at).trim()}@${email
    .slice(at + 1)
    .trim()
    .toLowerCase()}`;
}
