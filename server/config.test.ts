import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, readServerConfig } from './config';

function errorFor(env: Record<string, string>): string {
  try {
    readConfig(env, '/srv/site');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('readConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(readConfig({}, '/srv/site')).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/site', 'data'),
      distDir: path.resolve(import.meta.dirname, '..', 'dist'),
      databaseUrl: null,
      smtpUrl: null,
      smtpInsecure: false,
      mailTo: 'hello@emberandink.example',
      mailFrom: 'Ember & Ink website <website@emberandink.example>',
      siteOrigin: 'http://localhost:3000',
      isHttps: false,
      trustProxy: 0,
      trustedProxies: [],
      rateLimit: { max: 10, windowMs: 600_000 },
      bodyLimitBytes: 32_768,
      outboxLeaseMs: 120_000,
      letterRate: { max: 600, windowMs: 60_000 },
      challengeSecret: null,
      retention: { enquiryDays: 730, spamDays: 30, auditDays: 365 },
      audience: { isOn: true, rawDays: 31 },
      booking: { isOn: true, callsPerClient: 3 },
      studio: {
        idleHours: 12,
        maxDays: 14,
        signInLimit: { perIp: 20, perAccount: 10, perAccountAll: 100, windowMs: 900_000 },
        timeZone: 'UTC',
      },
      leads: {
        imapUrl: null,
        imapInsecure: false,
        replyFrom: 'hello@emberandink.example',
        replyAddress: null,
        authservId: null,
      },
      caldavUrl: null,
      faultInjection: null,
      metricsToken: null,
    });
  });

  it('reads LETTER_RATE as letters per window, and refuses any other shape by name', () => {
    expect(readConfig({ LETTER_RATE: '50/1s' }).letterRate).toEqual({ max: 50, windowMs: 1000 });
    expect(readConfig({ LETTER_RATE: '5000/1h' }).letterRate).toEqual({
      max: 5000,
      windowMs: 3_600_000,
    });
    expect(readConfig({ LETTER_RATE: '100/2.5m' }).letterRate).toEqual({
      max: 100,
      windowMs: 150_000,
    });
    for (const bad of ['600', '600/m', '0/1m', '600/1d', '-5/1s', '10/0.5s', 'lots']) {
      expect(errorFor({ LETTER_RATE: bad })).toBe(
        `LETTER_RATE must be a number of letters per window of at least one second, such as 600/1m, 50/1s or 5000/1h, got "${bad}".`,
      );
    }
  });

  it('turns booking off only when told, and refuses anything but on or off', () => {
    expect(readConfig({ BOOKING: 'off' }).booking).toEqual({ isOn: false, callsPerClient: 3 });
    expect(readConfig({ BOOKING: 'on' }).booking).toEqual({ isOn: true, callsPerClient: 3 });
    expect(() => readConfig({ BOOKING: 'no' })).toThrow(/BOOKING must be on or off, got "no"/);
    expect(readConfig({ BOOKING_CALLS_PER_CLIENT: '1' }).booking.callsPerClient).toBe(1);
    expect(() => readConfig({ BOOKING_CALLS_PER_CLIENT: '0' })).toThrow(/BOOKING_CALLS_PER_CLIENT/);
  });

  it("reads the studio's calendar, and refuses one that is malformed or sends its password in clear", () => {
    const calendar = 'https://studio:app-secret@caldav.fastmail.example/dav/calendars/user/work/';
    expect(readConfig({ CALDAV_URL: calendar }).caldavUrl).toBe(calendar);
    expect(readConfig({ CALDAV_URL: 'http://u:p@127.0.0.1:5232/u/cal/' }).caldavUrl).toBe(
      'http://u:p@127.0.0.1:5232/u/cal/',
    );
    expect(() => readConfig({ CALDAV_URL: 'http://u:app-secret@dav.example/cal/' })).toThrow(
      /CALDAV_URL uses http:\/\/ to a remote host.*use https:\/\/, or set CALDAV_INSECURE=1/,
    );
    expect(
      readConfig({ CALDAV_URL: 'http://u:p@dav.example/cal/', CALDAV_INSECURE: '1' }).caldavUrl,
    ).toBe('http://u:p@dav.example/cal/');
    expect(() => readConfig({ CALDAV_URL: 'https://dav.example/cal/' })).toThrow(
      /CALDAV_URL must carry the calendar's user and app password/,
    );
    expect(() => readConfig({ CALDAV_URL: 'webcal://u:p@dav.example/cal/' })).toThrow(
      /CALDAV_URL must be a http or https URL/,
    );
    for (const refused of [
      { CALDAV_URL: 'http://u:app-secret@dav.example/cal/' },
      { CALDAV_URL: 'ftp://u:app-secret@dav.example/cal/' },
      { CALDAV_URL: 'https://u:app-secret@/cal/' },
    ]) {
      expect(errorFor(refused)).not.toContain('app-secret');
    }
  });

  it('reads the studio mailbox, and refuses a plain-text one across the network', () => {
    expect(
      readConfig({
        IMAP_URL: 'imaps://studio:secret@mail.example:993/INBOX',
        REPLY_ADDRESS: 'reply@studio.example',
        IMAP_AUTHSERV_ID: 'mx.studio.example',
      }).leads,
    ).toEqual({
      imapUrl: 'imaps://studio:secret@mail.example:993/INBOX',
      imapInsecure: false,
      replyFrom: 'hello@emberandink.example',
      replyAddress: 'reply@studio.example',
      authservId: 'mx.studio.example',
    });
    expect(readConfig({ MAIL_TO: 'team@studio.example' }).leads.replyFrom).toBe(
      'team@studio.example',
    );
    expect(readConfig({ REPLY_FROM: 'sam@studio.example' }).leads.replyFrom).toBe(
      'sam@studio.example',
    );
    expect(() => readConfig({ IMAP_AUTHSERV_ID: 'mx.studio.example; dkim=pass' })).toThrow(
      /IMAP_AUTHSERV_ID must be the name your mail server writes first in its Authentication-Results header/,
    );
    expect(readConfig({ IMAP_URL: 'imap://u:p@127.0.0.1:1143/INBOX' }).leads.imapUrl).toBe(
      'imap://u:p@127.0.0.1:1143/INBOX',
    );
    expect(() => readConfig({ IMAP_URL: 'imap://u:p@mail.example/INBOX' })).toThrow(
      /IMAP_URL uses imap:\/\/ to a remote host.*use imaps:\/\/, or set IMAP_INSECURE=1/,
    );
    expect(
      readConfig({ IMAP_URL: 'imap://u:p@mail.example/INBOX', IMAP_INSECURE: '1' }).leads
        .imapInsecure,
    ).toBe(true);
  });

  it('reads the studio session and sign-in limits, and refuses nonsense', () => {
    const config = readConfig({
      STUDIO_IDLE_HOURS: '2',
      STUDIO_MAX_DAYS: '1',
      STUDIO_SIGN_IN_MAX_PER_IP: '3',
      STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '2',
      STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL: '50',
      STUDIO_SIGN_IN_WINDOW_MS: '60000',
      STUDIO_TIME_ZONE: 'Europe/Lisbon',
    });
    expect(config.studio).toEqual({
      idleHours: 2,
      maxDays: 1,
      signInLimit: { perIp: 3, perAccount: 2, perAccountAll: 50, windowMs: 60_000 },
      timeZone: 'Europe/Lisbon',
    });
    expect(() => readConfig({ STUDIO_IDLE_HOURS: '0' })).toThrow(/STUDIO_IDLE_HOURS/);
    expect(() => readConfig({ STUDIO_MAX_DAYS: 'two weeks' })).toThrow(/STUDIO_MAX_DAYS/);
  });

  it('reads every variable when set', () => {
    const config = readConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/ember',
        DIST_DIR: 'build',
        DATABASE_URL: 'postgres://app:secret@db:5432/ember',
        SMTP_URL: 'smtps://user:pass@mail.example:465',
        SMTP_INSECURE: '1',
        MAIL_TO: 'studio@example.com',
        MAIL_FROM: 'Site <noreply@example.com>',
        SITE_URL: 'https://emberandink.example/',
        TRUST_PROXY: '2',
        TRUSTED_PROXIES: '10.0.0.0/8, fd00::/8,192.0.2.7',
        RATE_LIMIT_MAX: '3',
        RATE_LIMIT_WINDOW_MS: '60000',
        BODY_LIMIT_BYTES: '4096',
        OUTBOX_LEASE_MS: '5000',
        METRICS_TOKEN: 'a-scrape-token-of-32-characters!',
        AUDIT_RETENTION_DAYS: '90',
        CHALLENGE_SECRET: 'a-challenge-secret-of-32-characters!',
      },
      '/srv/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/ember',
      distDir: '/srv/site/build',
      databaseUrl: 'postgres://app:secret@db:5432/ember',
      smtpUrl: 'smtps://user:pass@mail.example:465',
      smtpInsecure: true,
      mailTo: 'studio@example.com',
      mailFrom: 'Site <noreply@example.com>',
      siteOrigin: 'https://emberandink.example',
      isHttps: true,
      trustProxy: 2,
      trustedProxies: [
        { address: '10.0.0.0', prefix: 8, family: 'ipv4' },
        { address: 'fd00::', prefix: 8, family: 'ipv6' },
        { address: '192.0.2.7', prefix: 32, family: 'ipv4' },
      ],
      rateLimit: { max: 3, windowMs: 60_000 },
      bodyLimitBytes: 4096,
      outboxLeaseMs: 5000,
      metricsToken: 'a-scrape-token-of-32-characters!',
      retention: { enquiryDays: 730, spamDays: 30, auditDays: 90 },
    });
  });

  it('treats an empty value as unset', () => {
    expect(readConfig({ SMTP_URL: '', PORT: ' ' }, '/srv/site')).toMatchObject({
      smtpUrl: null,
      port: 3000,
    });
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number from 0 to 65535/],
    ['PORT', '70000', /PORT must be a whole number/],
    ['PORT', '-1', /PORT must be a whole number/],
    ['PORT', '80.5', /PORT must be a whole number/],
    ['HOST', 'local host', /HOST must be a host name or IP address/],
    ['HOST', 'http://x', /HOST must be a host name/],
    ['DATABASE_URL', 'mysql://db/ember', /DATABASE_URL must be a postgres or postgresql URL/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL must be a postgres/],
    ['SMTP_URL', 'http://mail.example', /SMTP_URL must be a smtp or smtps URL/],
    ['SMTP_URL', 'smtp//mail', /SMTP_URL must be a smtp or smtps URL/],
    ['SMTP_INSECURE', 'yes', /SMTP_INSECURE must be 0 or 1, got "yes"/],
    ['SMTP_INSECURE', 'true', /SMTP_INSECURE must be 0 or 1/],
    ['IMAP_URL', 'https://mail.example', /IMAP_URL must be a imap or imaps URL/],
    ['IMAP_INSECURE', 'yes', /IMAP_INSECURE must be 0 or 1/],
    ['REPLY_ADDRESS', 'Studio <reply@example.com>', /REPLY_ADDRESS must be one email address/],
    ['REPLY_FROM', 'Studio <hello@example.com>', /REPLY_FROM must be one email address/],
    ['REPLY_FROM', 'hello@example.com\r\nBcc: x@example.com', /REPLY_FROM must be one email/],
    ['MAIL_TO', 'not-an-address', /MAIL_TO must be one email address/],
    ['MAIL_TO', 'a@example.com, b@example.com', /MAIL_TO must be one email address/],
    ['MAIL_TO', 'Studio <a@example.com>', /MAIL_TO must be one email address/],
    ['MAIL_TO', 'studio@example..com', /MAIL_TO must be one email address/],
    ['MAIL_TO', 'studio@.example.com', /MAIL_TO must be one email address/],
    [
      'MAIL_FROM',
      'Website <nope>',
      /MAIL_FROM must be an email address, optionally as "Name <address>"/,
    ],
    ['MAIL_FROM', 'website', /MAIL_FROM must be an email address/],
    ['SITE_URL', 'emberandink.example', /SITE_URL must be a http or https URL/],
    ['SITE_URL', 'ftp://emberandink.example', /SITE_URL must be a http or https URL/],
    ['SITE_URL', 'https://emberandink.example/studio', /SITE_URL must be an origin only/],
    ['SITE_URL', 'https://emberandink.example/?a=1', /SITE_URL must be an origin only/],
    ['TRUST_PROXY', 'true', /TRUST_PROXY must be a whole number from 0 to 20/],
    ['TRUST_PROXY', '-1', /TRUST_PROXY must be a whole number/],
    ['TRUST_PROXY', '21', /TRUST_PROXY must be a whole number/],
    [
      'TRUSTED_PROXIES',
      'nginx.internal',
      /TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR ranges.*"nginx.internal"/,
    ],
    ['TRUSTED_PROXIES', '10.0.0.0/8,,fd00::/8', /TRUSTED_PROXIES must be a comma-separated list/],
    ['TRUSTED_PROXIES', '10.0.0.0/40', /TRUSTED_PROXIES .*"10.0.0.0\/40" is neither/],
    [
      'STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL',
      '0',
      /STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL must be a whole number from 1/,
    ],
    ['RATE_LIMIT_MAX', '0', /RATE_LIMIT_MAX must be a whole number from 1/],
    ['RATE_LIMIT_MAX', 'ten', /RATE_LIMIT_MAX must be a whole number/],
    ['RATE_LIMIT_WINDOW_MS', '10', /RATE_LIMIT_WINDOW_MS must be a whole number from 1000/],
    ['RATE_LIMIT_WINDOW_MS', '1e6', /RATE_LIMIT_WINDOW_MS must be a whole number/],
    ['BODY_LIMIT_BYTES', '100', /BODY_LIMIT_BYTES must be a whole number from 1024 to 1048576/],
    ['BODY_LIMIT_BYTES', '99999999', /BODY_LIMIT_BYTES must be a whole number/],
    ['METRICS_TOKEN', 'short-token', /METRICS_TOKEN must be at least 16 printable characters/],
    ['AUDIT_RETENTION_DAYS', '0', /AUDIT_RETENTION_DAYS must be a whole number from 1 to 36500/],
    ['AUDIT_RETENTION_DAYS', 'a year', /AUDIT_RETENTION_DAYS must be a whole number/],
    ['STUDIO_TIME_ZONE', 'Mars/Olympus_Mons', /STUDIO_TIME_ZONE must be an IANA time zone/],
    ['METRICS_TOKEN', 'sixteen chars ok', /METRICS_TOKEN must be at least 16/],
  ])('refuses %s=%j and names the variable', (name, value, message) => {
    expect(errorFor({ [name]: value })).toMatch(message);
  });

  it("reads the crash proof's pause, and a production start refuses it", () => {
    expect(readConfig({ FAULT_INJECTION_PAUSE: 'after-smtp-accept:1500' }).faultInjection).toEqual({
      point: 'after-smtp-accept',
      ms: 1500,
    });
    expect(
      errorFor({ FAULT_INJECTION_PAUSE: 'after-commit:2000', NODE_ENV: 'production' }),
    ).toMatch(/FAULT_INJECTION_PAUSE is for tests only/);
    expect(errorFor({ FAULT_INJECTION_PAUSE: 'before-lunch:10' })).toMatch(
      /FAULT_INJECTION_PAUSE must be after-commit or after-smtp-accept/,
    );
    expect(errorFor({ FAULT_INJECTION_PAUSE: 'after-commit:0' })).toMatch(/FAULT_INJECTION_PAUSE/);
  });

  it('refuses to start the server with DATABASE_URL and no CHALLENGE_SECRET, naming the variable', () => {
    const shared = { DATABASE_URL: 'postgres://app:secret@db:5432/ember' };
    expect(() => readServerConfig(shared)).toThrow(
      /^CHALLENGE_SECRET must be set when DATABASE_URL is/,
    );
    expect(() => readServerConfig(shared)).not.toThrow(/secret@db/);
    // The CLI and the build read the same variables; they sign no challenges.
    expect(readConfig(shared).databaseUrl).toBe(shared.DATABASE_URL);
    expect(
      readServerConfig({
        DATABASE_URL: 'postgres://app:secret@db:5432/ember',
        CHALLENGE_SECRET: 'a-challenge-secret-of-32-characters!',
      }).challengeSecret,
    ).toBe('a-challenge-secret-of-32-characters!');
  });

  it('never repeats a refused METRICS_TOKEN in its message', () => {
    expect(errorFor({ METRICS_TOKEN: 'guessable' })).not.toContain('guessable');
  });
});
