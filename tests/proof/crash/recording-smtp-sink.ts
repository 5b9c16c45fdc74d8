import { startLocalSmtpServer } from '../../support/local-smtp-server';

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
  const server = await startLocalSmtpServer({
    onMessage(mail) {
      const text = mail.text ?? '';
      received.push({
        marker: MARKER.exec(text)?.[0] ?? null,
        enquiryId: ENQUIRY_ID.exec(text)?.[1] ?? null,
        messageId: mail.messageId ?? '',
      });
    },
  });
  return { url: server.url, received, settle: server.idle, close: server.close };
}
