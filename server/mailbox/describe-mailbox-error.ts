/** TLS verification failures Node reports by code: the mailbox's certificate is not trusted. */
const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_NOT_YET_VALID',
]);

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

/**
 * One line an operator can act on, for a failed connection to the mailbox: wrong credentials,
 * an untrusted certificate, nobody answering, or the server's own words. Never the password.
 */
export function describeMailboxError(error: unknown): string {
  const code = field(error, 'code');
  const message = error instanceof Error ? error.message : String(error);
  if (field(error, 'authenticationFailed') === true) {
    return 'the mailbox refused the user name or password in IMAP_URL';
  }
  if (typeof code === 'string' && CERTIFICATE_CODES.has(code)) {
    return `the mailbox's TLS certificate is not trusted (${code})`;
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') {
    return `the mailbox cannot be reached (${code})`;
  }
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || code === 'CONNECT_TIMEOUT') {
    return 'the mailbox did not answer in time';
  }
  const response = field(error, 'responseText');
  return typeof response === 'string' && response !== '' ? `${message}: ${response}` : message;
}
