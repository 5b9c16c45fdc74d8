import { startLocalSmtpServer, type SmtpAnswer } from '../../support/local-smtp-server';

/** One copy as the SMTP server received it, timed by the server's clock on arrival. */
export type ArrivedCopy = {
  to: string;
  messageId: string;
  listUnsubscribe: string;
  text: string;
  arrivedAt: number;
};

export type LetterSink = { url: string; copies: ArrivedCopy[]; close(): Promise<void> };

/**
 * A local SMTP server that keeps what a subscriber would notice of each copy it accepts.
 * `onArrival` sees each copy before the server answers the sender; what it returns (accept by
 * default) is the answer, and a refused copy is not kept.
 */
export async function startLetterSink(
  onArrival: (copies: readonly ArrivedCopy[], copy: ArrivedCopy) => SmtpAnswer | void = () =>
    undefined,
): Promise<LetterSink> {
  const copies: ArrivedCopy[] = [];
  const server = await startLocalSmtpServer({
    onMessage(mail) {
      const to = Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address;
      // The raw line: mailparser folds the List-* headers into one structure of its own.
      const unsubscribe = mail.headerLines.find((line) => line.key === 'list-unsubscribe');
      const copy = {
        to: to ?? '',
        messageId: mail.messageId ?? '',
        listUnsubscribe: unsubscribe?.line ?? '',
        text: mail.text ?? '',
        arrivedAt: Date.now(),
      };
      const answer = onArrival([...copies, copy], copy) ?? 'accept';
      if (answer === 'accept') copies.push(copy);
      return answer;
    },
  });
  return { url: server.url, copies, close: server.close };
}

/** The most copies that arrived within any `windowMs` (a window starts at each arrival). */
export function mostInAnyWindow(copies: readonly ArrivedCopy[], windowMs: number): number {
  const times = copies.map((copy) => copy.arrivedAt).sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while ((times[last] ?? 0) - (times[first] ?? 0) >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}
