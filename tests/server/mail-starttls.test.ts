import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { OutgoingEmail } from '../../server/mail/mail-transport';
import { DEFAULT_SMTP_TIMEOUTS, smtpTransportOptions } from '../../server/mail/smtp-options';
import { createSmtpTransport } from '../../server/mail/smtp-transport';
import { listenOnLoopback } from '../support/listen-on-loopback';

/** What the SMTP_URL of a deployment names: a remote server, with the site's password. */
const REMOTE_URL = 'smtp://website:mail-password-1@mail.example:587';

const email: OutgoingEmail = {
  messageId: '<starttls-test@emberandink.example>',
  from: 'website@emberandink.example',
  to: 'hello@emberandink.example',
  subject: 'New enquiry',
  text: 'An enquiry that must not cross the network in plain text.',
  html: '<p>An enquiry that must not cross the network in plain text.</p>',
};

/**
 * A mail server that offers no STARTTLS, as one would look after an attacker on the path
 * deleted the offer from its greeting. It records every password and message it is given.
 */
async function startPlainTextServer() {
  const passwords: string[] = [];
  let messages = 0;
  const server = new SMTPServer({
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      passwords.push(auth.password ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        messages += 1;
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  const port = await listenOnLoopback(server.server);
  return {
    port,
    passwords,
    get messages() {
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a remote smtp:// server without STARTTLS', () => {
  let server: Awaited<ReturnType<typeof startPlainTextServer>>;
  beforeAll(async () => {
    server = await startPlainTextServer();
  });
  afterAll(() => server.close());

  /** The transport SMTP_URL=REMOTE_URL builds, connected to the local server instead. */
  function transportFor(allowPlainText: boolean) {
    const options = smtpTransportOptions(REMOTE_URL, {
      timeouts: DEFAULT_SMTP_TIMEOUTS,
      allowPlainText,
    });
    return createSmtpTransport({ ...options, host: '127.0.0.1', port: server.port }, 'test');
  }

  it('is refused before the password or the email is sent, and retried later', async () => {
    const transport = transportFor(false);
    try {
      const result = await transport.send(email);
      expect(result).toMatchObject({ outcome: 'temporary-failure' });
      expect(result.outcome === 'sent' ? '' : result.reason).toMatch(/STARTTLS/);
      expect(server.passwords).toEqual([]);
      expect(server.messages).toBe(0);
    } finally {
      transport.close();
    }
  });

  it('is used in plain text only when SMTP_INSECURE=1 says so', async () => {
    const transport = transportFor(true);
    try {
      expect(await transport.send(email)).toMatchObject({ outcome: 'sent' });
      expect(server.passwords).toEqual(['mail-password-1']);
      expect(server.messages).toBe(1);
    } finally {
      transport.close();
    }
  });
});
