import type { ParsedMail } from 'mailparser';
import { startLocalSmtpServer } from '../../support/local-smtp-server';

export type SmtpSink = {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = await startLocalSmtpServer({
    onMessage(mail) {
      messages.push(mail);
      for (const wake of waiters) wake();
    },
  });

  return {
    url: server.url,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = messages.find(match);
          if (found === undefined) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = (): void => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`No matching email within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: server.close,
  };
}
