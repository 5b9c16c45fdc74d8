/**
 * The client's address. With `trustProxy` = N, the N proxies nearest to us each appended the
 * address they saw to X-Forwarded-For, so the N-th entry from the right is the one our
 * outermost trusted proxy saw; entries further left are whatever the client claimed.
 */
export function clientIp(
  socketAddress: string,
  forwardedFor: string | null,
  trustProxy: number,
): string {
  if (trustProxy === 0 || forwardedFor === null) return socketAddress;
  const hops = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (hops.length === 0) return socketAddress;
  return hops[Math.max(0, hops.length - trustProxy)] ?? socketAddress;
}
