import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The address in the form every limit and log uses: an IPv4 address that reached a dual-stack
 * socket as `::ffff:a.b.c.d` is that IPv4 address; an IPv6 zone (`%eth0`) is dropped.
 */
export function normaliseAddress(address: string): string {
  const unzoned = address.split('%', 1)[0] ?? address;
  return MAPPED_IPV4.exec(unzoned)?.[1] ?? unzoned;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` and a dotted IPv4 tail expanded. */
function groupsOf(address: string): number[] {
  // A dotted tail is the last group: matched alone, from its start, it is read once.
  const lastGroup = address.lastIndexOf(':') + 1;
  const dotted = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address.slice(lastGroup));
  let text = address;
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, lastGroup)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => parseInt(group, 16));
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * Whom a limit counts: an IPv4 client by its address, an IPv6 client by its /64, the block one
 * subscriber is usually given, so rotating through the addresses of one's own block buys nothing.
 * Anything that is not an IP address (a socket without one) is counted as it is.
 */
export function limitSubjectOf(address: string): string {
  const normal = normaliseAddress(address);
  if (isIPv4(normal) || !isIPv6(normal)) return normal;
  const groups = groupsOf(normal);
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
