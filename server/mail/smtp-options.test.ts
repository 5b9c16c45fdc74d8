import { describe, expect, it } from 'vitest';
import { DEFAULT_SMTP_TIMEOUTS, isLoopbackHost, smtpTransportOptions } from './smtp-options';

const strict = { timeouts: DEFAULT_SMTP_TIMEOUTS, allowPlainText: false };

describe('the SMTP options for SMTP_URL', () => {
  it.each([
    'smtp://mail.example',
    'smtp://user:pass@mail.example:587',
    'smtp://10.0.0.5:25',
    'smtp://127.0.0.1.example.com:25',
    'smtp://localhost.example.com:25',
    'smtp://[2001:db8::25]:25',
  ])('require STARTTLS from the remote server of %s', (url) => {
    expect(smtpTransportOptions(url, strict)).toMatchObject({ secure: false, requireTLS: true });
  });

  it.each(['smtp://localhost:25', 'smtp://127.0.0.1:2525', 'smtp://127.8.9.10', 'smtp://[::1]:25'])(
    'leave STARTTLS optional on this machine, %s',
    (url) => {
      expect(smtpTransportOptions(url, strict)).toMatchObject({ requireTLS: false });
    },
  );

  it('leave STARTTLS optional on a remote server when SMTP_INSECURE allows plain text', () => {
    expect(
      smtpTransportOptions('smtp://mail.example:25', { ...strict, allowPlainText: true }),
    ).toMatchObject({ requireTLS: false });
  });

  it('speak TLS from the first byte to an smtps:// server', () => {
    expect(smtpTransportOptions('smtps://mail.example', strict)).toMatchObject({
      host: 'mail.example',
      port: 465,
      secure: true,
    });
  });

  it('read the credentials and port, and let no query parameter switch TLS off', () => {
    const options = smtpTransportOptions(
      'smtp://site%40studio.example:p%40ss%3Aword@mail.example:2525?requireTLS=false&ignoreTLS=true',
      strict,
    );
    expect(options).toMatchObject({
      host: 'mail.example',
      port: 2525,
      requireTLS: true,
      auth: { user: 'site@studio.example', pass: 'p@ss:word' },
    });
    expect(options).not.toHaveProperty('ignoreTLS');
    expect(options).not.toHaveProperty('url');
  });
});

describe('a loopback host', () => {
  it('is localhost, 127.0.0.0/8 or ::1 as written, nothing that only resolves there', () => {
    expect(
      ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.1', '[::1]'].map(isLoopbackHost),
    ).toEqual([true, true, true, true, true]);
    expect(
      ['mail.localhost', '127.example', '128.0.0.1', '0.0.0.0', '[::2]'].map(isLoopbackHost),
    ).toEqual([false, false, false, false, false]);
  });
});
