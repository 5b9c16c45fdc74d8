import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One email as the sink accepted it: the marker from its body and its Message-ID. */
export type ReceivedEmail = { marker: string | null; enquiryId: string | null; messageId: string };

export type RecordingSmtpSink = {
  url: string;
  received: ReceivedEmail[];
  /**
   * Resolves once no message is being read or parsed, so `received` is complete for now, or
   * after `timeoutMs` (a message cut off mid-DATA may never finish).
   */
  settle(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
};

const MARKER = /\bproof-marker-[0-9a-z-]+\b/;
const ENQUIRY_ID = /^Enquiry id: (\S+)$/m;

/**
 * A real SMTP server that records every message it accepts. A message counts as accepted at
 * the moment the sink records it, just before it answers 250: that is the start of the window
 * in which a crash of the sender may lead to a second copy.
 */
export async function startRecordingSmtpSink(): Promise<RecordingSmtpSink> {
  const received: ReceivedEmail[] = [];
  let inFlight = 0;
  let idle: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A reverse DNS lookup per connection costs seconds where no resolver answers.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      inFlight += 1;
      simpleParser(stream)
        .then((mail) => {
          const text = mail.text ?? '';
          received.push({
            marker: MARKER.exec(text)?.[0] ?? null,
            enquiryId: ENQUIRY_ID.exec(text)?.[1] ?? null,
            messageId: mail.messageId ?? '',
          });
          callback();
        })
        .catch((error: Error) => callback(error))
        .finally(() => {
          inFlight -= 1;
          if (inFlight === 0) for (const wake of idle.splice(0)) wake();
        });
    },
  });
  // A killed sender resets its connection; that is the point of the proof, not a sink failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    settle: (timeoutMs) =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            idle.push(() => {
              clearTimeout(timer);
              resolve();
            });
          }),
    close: () =>
      new Promise((resolve) => {
        idle = [];
        server.close(() => resolve());
      }),
  };
}
