import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** How the server answers one message: accept it, or reply with an SMTP error code. */
export type SmtpAnswer = 'accept' | { code: number; message: string };

export type LocalSmtpServer = {
  port: number;
  /** e.g. `smtp://127.0.0.1:41234` */
  url: string;
  /**
   * Resolves once no message is being read or parsed, or after `timeoutMs` (a message cut off
   * mid-DATA may never finish).
   */
  idle: (timeoutMs: number) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for the tests: no authentication, no TLS, no reverse DNS.
 * Every message is parsed and handed to `onMessage`; what it returns (accept by default) is
 * the answer the sender gets.
 */
export async function startLocalSmtpServer(options: {
  /** 0 (the default) takes any free port. */
  port?: number;
  onMessage(mail: ParsedMail): Promise<SmtpAnswer | void> | SmtpAnswer | void;
}): Promise<LocalSmtpServer> {
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  const server = new SMTPServer({
    // No DNS answers here: a reverse lookup per connection would stall each one for seconds.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      inFlight += 1;
      simpleParser(stream)
        .then(async (mail) => {
          const answer = (await options.onMessage(mail)) ?? 'accept';
          if (answer === 'accept') callback();
          else callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        )
        .finally(() => {
          inFlight -= 1;
          if (inFlight === 0) for (const wake of idleWaiters.splice(0)) wake();
        });
    },
  });
  // A sender that resets its connection (killed, or cut by a test) is the sender's business.
  server.on('error', () => undefined);
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address !== null) resolve(address.port);
      else reject(new Error('The SMTP server is not listening on a TCP port.'));
    });
  });
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    idle: (timeoutMs) =>
      inFlight === 0
        ? Promise.resolve()
        : new Promise((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            idleWaiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          }),
    close: () =>
      new Promise((resolve) => {
        idleWaiters = [];
        server.close(() => resolve());
      }),
  };
}
