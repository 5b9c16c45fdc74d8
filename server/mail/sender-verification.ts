import { parseAuthenticationResults, type MethodResult } from './authentication-results';

/** A received message's header fields, top first, as mailparser lists them. */
export type HeaderLine = { key: string; line: string };

export type SenderEvidence = {
  /** IMAP_AUTHSERV_ID: the name the studio's mail server signs its verdicts with; null: none. */
  authservId: string | null;
  headerLines: readonly HeaderLine[];
  /** The addresses of the From field. */
  fromAddresses: readonly string[];
};

/** The domain of an address or a bare domain, in lower case, without a final dot. */
function domainOf(value: string): string {
  return value
    .slice(value.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/\.$/, '');
}

/**
 * Whether a domain that passed a check stands for the From domain: the same, or one a
 * subdomain of the other (a simpler and stricter rule than DMARC's organisational domains:
 * `a.example.com` and `b.example.com` do not align here). A bare top-level domain aligns with
 * nothing, so a pass for `com` never vouches for `example.com`.
 */
export function isAligned(checked: string, fromDomain: string): boolean {
  if (checked === '' || fromDomain === '') return false;
  if (checked === fromDomain) return true;
  const [shorter, longer] =
    checked.length < fromDomain.length ? [checked, fromDomain] : [fromDomain, checked];
  return shorter.includes('.') && longer.endsWith(`.${shorter}`);
}

/** DMARC passed for the From domain, or DKIM or SPF passed for a domain aligned with it. */
function vouchesFor(verdict: MethodResult, fromDomain: string): boolean {
  if (verdict.result !== 'pass') return false;
  const property = (name: string) => verdict.properties.get(name);
  switch (verdict.method) {
    case 'dmarc':
      return domainOf(property('header.from') ?? '') === fromDomain;
    case 'dkim':
      return isAligned(domainOf(property('header.d') ?? property('header.i') ?? ''), fromDomain);
    case 'spf':
      return isAligned(domainOf(property('smtp.mailfrom') ?? ''), fromDomain);
    default:
      return false;
  }
}

/**
 * Whether the studio's own mail server vouches for the message's one From address
 * (docs/decisions/0063-verified-senders.md). Only the message's first Authentication-Results
 * field counts, and only when it carries our authserv-id: a server adds its field on top of
 * what it received, so any field below it, ours by name or not, may have been written by the
 * sender. No authserv-id, no field, a malformed one, or a From of other than one address: not
 * verified.
 */
export function isSenderVerified({
  authservId,
  headerLines,
  fromAddresses,
}: SenderEvidence): boolean {
  const [from] = fromAddresses;
  const fromFields = headerLines.filter((header) => header.key === 'from');
  if (authservId === null || from === undefined || fromAddresses.length !== 1) return false;
  if (fromFields.length !== 1) return false;
  const first = headerLines.find((header) => header.key === 'authentication-results');
  if (first === undefined) return false;
  const field = parseAuthenticationResults(first.line.slice(first.line.indexOf(':') + 1));
  if (field?.authservId.toLowerCase() !== authservId.toLowerCase()) return false;
  const fromDomain = from.includes('@') ? domainOf(from) : '';
  return fromDomain !== '' && field.results.some((verdict) => vouchesFor(verdict, fromDomain));
}
