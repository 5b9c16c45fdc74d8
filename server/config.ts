import path from 'node:path';
import * as z from 'zod';
import { isLoopbackHost } from './mail/smtp-options';
import { parseAddressRange, type AddressRange } from './http/trusted-proxies';
import {
  FAULT_INJECTION_VARIABLE,
  readFaultInjection,
  type FaultInjection,
} from './fault-injection';

export type Config = {
  port: number;
  host: string;
  /** Absolute path: the SQLite file and the development mailbox live here. */
  dataDir: string;
  /** Absolute path of the build output (`client/`, `app/` and `meta.json`). */
  distDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  /**
   * SMTP_INSECURE=1: a non-loopback `smtp://` server may be used without STARTTLS, the password
   * and every email then crossing the network in plain text. For a lab, never production.
   */
  smtpInsecure: boolean;
  mailTo: string;
  mailFrom: string;
  /** Canonical origin of the site, e.g. `https://emberandink.example` (no trailing slash). */
  siteOrigin: string;
  isHttps: boolean;
  /** Number of proxy hops in front of the server whose X-Forwarded-For entries are trusted. */
  trustProxy: number;
  /**
   * Addresses and ranges (besides loopback) whose connections may carry X-Forwarded-For: a
   * header from anyone else is ignored and the client is counted by its own address.
   */
  trustedProxies: readonly AddressRange[];
  rateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  /** How long a claimed email stays reserved; after a crash it is sent again once this runs out. */
  outboxLeaseMs: number;
  /**
   * LETTER_RATE (`600/1m`): at most `max` copies of letters leave in any window of `windowMs`,
   * all instances together.
   */
  letterRate: LetterRate;
  /**
   * Tests only, never set in production: `FAULT_INJECTION_PAUSE=<point>:<ms>` (`after-commit` or
   * `after-smtp-accept`, e.g. `after-commit:2000`) holds the server still at that point so the
   * crash proof can kill it there (tests/proof/crash/README.md). Refused when
   * NODE_ENV=production.
   */
  faultInjection: FaultInjection;
  /** When set, GET /metrics answers the holder of this bearer token; otherwise it does not exist. */
  metricsToken: string | null;
  /**
   * Signs the spam challenges; null keeps a generated key in DATA_DIR. Required with
   * DATABASE_URL, since every instance on one database must sign with the same key.
   */
  challengeSecret: string | null;
  /**
   * Days enquiries (RETENTION_DAYS), spam (SPAM_RETENTION_DAYS) and the studio's audit log
   * (AUDIT_RETENTION_DAYS) are kept before the purge.
   */
  retention: { enquiryDays: number; spamDays: number; auditDays: number };
  /**
   * AUDIENCE=off turns counting and the beacon off; AUDIENCE_RAW_DAYS is how long single views
   * and Web Vitals samples are kept before only the daily roll-ups remain.
   */
  audience: { isOn: boolean; rawDays: number };
  studio: StudioConfig;
  leads: LeadsConfig;
  /**
   * The studio's own calendar (CALDAV_URL), read for busy times and written with each booking;
   * null: the weekly hours alone decide. The URL carries the app password: never log it.
   */
  caldavUrl: string | null;
  /**
   * BOOKING=off: no /book page and no visitor booking API (the studio may still set its hours).
   * BOOKING_CALLS_PER_CLIENT: calls one client (address, IPv6 /64) may hold at once.
   */
  booking: { isOn: boolean; callsPerClient: number };
};

/** How the studio's replies go out and their answers come back. */
export type LeadsConfig = {
  /** The studio's mailbox (IMAP_URL), watched for answers; null: nothing is received. */
  imapUrl: string | null;
  /** IMAP_INSECURE=1: a non-loopback `imap://` mailbox may be read in plain text (a lab only). */
  imapInsecure: boolean;
  /**
   * The studio's own address (REPLY_FROM, MAIL_TO unless set): replies and the acknowledgement
   * are sent from it in a person's name, and it is their Reply-To without REPLY_ADDRESS.
   */
  replyFrom: string;
  /**
   * The inbound address (REPLY_ADDRESS) a reply's Reply-To names, as `reply+<token>@` its
   * domain; null: replies carry no Reply-To and answers thread by their headers alone.
   */
  replyAddress: string | null;
  /**
   * IMAP_AUTHSERV_ID: the name the studio's mail server writes at the start of its
   * Authentication-Results header; an answer is verified only by that server's verdict. Null:
   * no answer is (docs/decisions/0063-verified-senders.md).
   */
  authservId: string | null;
};

export type StudioConfig = {
  /** A session unused for this long is over. */
  idleHours: number;
  /** A session is over this long after sign-in, however busy. */
  maxDays: number;
  /**
   * Failed sign-ins allowed in each window: per client address (`perIp`), per account from one
   * address (`perAccount`), and per account from all addresses together (`perAccountAll`).
   */
  signInLimit: { perIp: number; perAccount: number; perAccountAll: number; windowMs: number };
  /** IANA time zone (STUDIO_TIME_ZONE) the studio's dates, schedules and morning digest use. */
  timeZone: string;
};

export type LetterRate = { max: number; windowMs: number };

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where the build lands when DIST_DIR is unset: `dist/` beside `server/`. */
export const PROJECT_DIST_DIR = path.resolve(import.meta.dirname, '..', 'dist');

/** A rule's verdict on a value it cannot accept: the end of "NAME must be …". */
class Refusal {
  constructor(readonly reason: string) {}
}

type Rule<T> = (raw: string) => T | Refusal;

/** An empty value counts as unset, so `VAR=` in a .env file means "default". */
function readRaw(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
}

function applyRule<T>(rule: Rule<T>, raw: string, context: z.RefinementCtx): T {
  const result = rule(raw);
  if (!(result instanceof Refusal)) return result;
  context.addIssue({ code: 'custom', message: result.reason });
  return z.NEVER;
}

function withDefault<T>(fallback: string, rule: Rule<T>) {
  return z
    .string()
    .optional()
    .transform((value, context) => applyRule(rule, readRaw(value) ?? fallback, context));
}

function optional<T>(rule: Rule<T>) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const raw = readRaw(value);
      return raw === undefined ? null : applyRule(rule, raw, context);
    });
}

function wholeNumber(min: number, max: number): Rule<number> {
  return (raw) => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && Number.isSafeInteger(value) && value >= min && value <= max
      ? value
      : new Refusal(`must be a whole number from ${min} to ${max}, got "${raw}".`);
  };
}

const anyText: Rule<string> = (raw) => raw;

const RATE_UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };
const RATE = /^(\d+)\/(\d+(?:\.\d+)?)([smh])$/;
/** `N/<number><s|m|h>`: N at most in any window of that length, e.g. `600/1m`. */
const rate: Rule<LetterRate> = (raw) => {
  const [, max = '', length = '', unit = ''] = RATE.exec(raw) ?? [];
  const windowMs = Math.round(Number(length) * (RATE_UNIT_MS[unit] ?? 0));
  const count = Number(max);
  return Number.isSafeInteger(count) && count >= 1 && count <= 100_000 && windowMs >= 1000
    ? { max: count, windowMs }
    : new Refusal(
        `must be a number of letters per window of at least one second, such as 600/1m, 50/1s or 5000/1h, got "${raw}".`,
      );
};

const onOrOff: Rule<boolean> = (raw) =>
  raw === 'on' || raw === 'off' ? raw === 'on' : new Refusal(`must be on or off, got "${raw}".`);

const onOff: Rule<boolean> = (raw) =>
  raw === '1' || raw === '0' ? raw === '1' : new Refusal(`must be 0 or 1, got "${raw}".`);

/** A shared secret: long enough not to be guessed, and only characters a header carries as they are. */
function secretToken(minLength: number): Rule<string> {
  return (raw) =>
    raw.length >= minLength && /^[\x21-\x7E]+$/.test(raw)
      ? raw
      : new Refusal(
          `must be at least ${minLength} printable characters without spaces (e.g. \`openssl rand -hex 32\`); the value given is not.`,
        );
}

const addressRanges: Rule<AddressRange[]> = (raw) => {
  const entries = raw.split(',').map((entry) => entry.trim());
  const ranges = entries.map(parseAddressRange);
  const bad = entries.find((_, index) => ranges[index] === null);
  return bad === undefined
    ? ranges.filter((range) => range !== null)
    : new Refusal(
        `must be a comma-separated list of IP addresses or CIDR ranges such as 10.0.0.0/8, fd00::/8; "${bad}" is neither.`,
      );
};

const HOST_NAME = /^[A-Za-z0-9.:[\]_-]+$/;
const hostName: Rule<string> = (raw) =>
  HOST_NAME.test(raw)
    ? raw
    : new Refusal(`must be a host name or IP address such as 0.0.0.0, got "${raw}".`);

function urlWith(protocols: string[], example: string): Rule<URL> {
  return (raw) => {
    const expected = `must be a ${protocols.join(' or ')} URL such as ${example}`;
    if (!URL.canParse(raw)) return new Refusal(`${expected}, got an unreadable value.`);
    const parsed = new URL(raw);
    const protocol = parsed.protocol.slice(0, -1);
    return protocols.includes(protocol) && parsed.hostname !== ''
      ? parsed
      : new Refusal(`${expected}, got a ${protocol}: URL.`);
  };
}

const httpUrl = urlWith(['http', 'https'], 'https://emberandink.example');
const siteOrigin: Rule<URL> = (raw) => {
  const parsed = httpUrl(raw);
  if (parsed instanceof Refusal) return parsed;
  const isOrigin =
    parsed.pathname === '/' && parsed.search === '' && parsed.hash === '' && parsed.username === '';
  return isOrigin
    ? parsed
    : new Refusal(
        `must be an origin only (scheme, host and optional port, no path), got "${parsed.href}".`,
      );
};

const timeZone: Rule<string> = (raw) => {
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    return new Refusal(`must be an IANA time zone such as Europe/London or UTC, got "${raw}".`);
  }
};

/**
 * The studio's mailbox: `imaps://` (TLS from the start), or `imap://` only where nothing
 * crosses a network (loopback) unless IMAP_INSECURE=1 says a lab accepts the password in clear.
 */
const imapUrl = urlWith(['imap', 'imaps'], 'imaps://user:pass@host:993/INBOX');

const CALDAV_EXAMPLE = 'https://user:app-password@host/path/to/calendar/';
/** The studio's calendar collection, with the user and the app password that reach it. */
const caldavUrl: Rule<URL> = (raw) => {
  const parsed = urlWith(['http', 'https'], CALDAV_EXAMPLE)(raw);
  if (parsed instanceof Refusal) return parsed;
  return parsed.username !== '' && parsed.password !== ''
    ? parsed
    : new Refusal(
        `must carry the calendar's user and app password, such as ${CALDAV_EXAMPLE}; the URL given has none.`,
      );
};

// The domain is dot-separated labels: a class holding the dot on both sides of it would backtrack.
/** What a mail server calls itself in Authentication-Results: a host name, in practice. */
const AUTHSERV_ID = /^[\w.-]{1,255}$/;
const authservId: Rule<string> = (raw) =>
  AUTHSERV_ID.test(raw)
    ? raw
    : new Refusal(
        `must be the name your mail server writes first in its Authentication-Results header, such as mx.emberandink.example, got "${raw}".`,
      );

const PLAIN_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:".]+(?:\.[^\s@<>()[\]\\,;:".]+)+$/;
const NAMED_ADDRESS = /^[^\r\n<>"]*<([^<>]+)>$/;
const oneAddress: Rule<string> = (raw) =>
  PLAIN_ADDRESS.test(raw) ? raw : new Refusal(`must be one email address, got "${raw}".`);
const namedAddress: Rule<string> = (raw) =>
  PLAIN_ADDRESS.test(NAMED_ADDRESS.exec(raw)?.[1]?.trim() ?? raw)
    ? raw
    : new Refusal(`must be an email address, optionally as "Name <address>", got "${raw}".`);

/** Every environment variable the site reads, one line each, with its default and its rule. */
const ENVIRONMENT = z.object({
  PORT: withDefault('3000', wholeNumber(0, 65535)),
  HOST: withDefault('0.0.0.0', hostName),
  DATA_DIR: withDefault('./data', anyText),
  DIST_DIR: optional(anyText),
  DATABASE_URL: optional(urlWith(['postgres', 'postgresql'], 'postgres://user:pass@host:5432/db')),
  SMTP_URL: optional(urlWith(['smtp', 'smtps'], 'smtps://user:pass@host:465')),
  SMTP_INSECURE: withDefault('0', onOff),
  MAIL_TO: withDefault('hello@emberandink.example', oneAddress),
  MAIL_FROM: withDefault('Ember & Ink website <website@emberandink.example>', namedAddress),
  SITE_URL: withDefault('http://localhost:3000', siteOrigin),
  TRUST_PROXY: withDefault('0', wholeNumber(0, 20)),
  TRUSTED_PROXIES: optional(addressRanges),
  RATE_LIMIT_MAX: withDefault('10', wholeNumber(1, 1_000_000)),
  RATE_LIMIT_WINDOW_MS: withDefault('600000', wholeNumber(1000, 86_400_000)),
  BODY_LIMIT_BYTES: withDefault('32768', wholeNumber(1024, 1_048_576)),
  OUTBOX_LEASE_MS: withDefault('120000', wholeNumber(1000, 86_400_000)),
  LETTER_RATE: withDefault('600/1m', rate),
  STUDIO_IDLE_HOURS: withDefault('12', wholeNumber(1, 720)),
  STUDIO_MAX_DAYS: withDefault('14', wholeNumber(1, 365)),
  STUDIO_SIGN_IN_MAX_PER_IP: withDefault('20', wholeNumber(1, 1_000_000)),
  STUDIO_SIGN_IN_MAX_PER_ACCOUNT: withDefault('10', wholeNumber(1, 1_000_000)),
  STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL: withDefault('100', wholeNumber(1, 1_000_000)),
  STUDIO_SIGN_IN_WINDOW_MS: withDefault('900000', wholeNumber(1000, 86_400_000)),
  STUDIO_TIME_ZONE: withDefault('UTC', timeZone),
  IMAP_URL: optional(imapUrl),
  IMAP_INSECURE: withDefault('0', onOff),
  REPLY_ADDRESS: optional(oneAddress),
  REPLY_FROM: optional(oneAddress),
  IMAP_AUTHSERV_ID: optional(authservId),
  CALDAV_URL: optional(caldavUrl),
  CALDAV_INSECURE: withDefault('0', onOff),
  METRICS_TOKEN: optional(secretToken(16)),
  CHALLENGE_SECRET: optional(secretToken(32)),
  RETENTION_DAYS: withDefault('730', wholeNumber(1, 36_500)),
  SPAM_RETENTION_DAYS: withDefault('30', wholeNumber(1, 36_500)),
  AUDIT_RETENTION_DAYS: withDefault('365', wholeNumber(1, 36_500)),
  AUDIENCE: withDefault('on', onOrOff),
  AUDIENCE_RAW_DAYS: withDefault('31', wholeNumber(1, 3650)),
  BOOKING: withDefault('on', onOrOff),
  BOOKING_CALLS_PER_CLIENT: withDefault('3', wholeNumber(1, 1_000_000)),
});

export type Environment = z.infer<typeof ENVIRONMENT>;

/** Validates every variable at once; the first bad one stops the caller with its name. */
export function readEnvironment(env: Env): Environment {
  const result = ENVIRONMENT.safeParse(env);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new ConfigError(`${issue?.path.join('.') ?? 'The environment'} ${issue?.message ?? ''}`);
}

/**
 * The server's settings from the environment. Relative paths resolve against `cwd`; an unset
 * DIST_DIR means `defaultDistDir` (the compiled server passes the build it belongs to).
 */
export function readConfig(
  env: Env,
  cwd = process.cwd(),
  defaultDistDir = PROJECT_DIST_DIR,
): Config {
  const vars = readEnvironment(env);
  const faultInjection = readFaultInjection(env[FAULT_INJECTION_VARIABLE], env.NODE_ENV);
  if (typeof faultInjection === 'string') throw new ConfigError(faultInjection);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(cwd, vars.DATA_DIR),
    distDir: vars.DIST_DIR === null ? defaultDistDir : path.resolve(cwd, vars.DIST_DIR),
    databaseUrl: vars.DATABASE_URL?.href ?? null,
    smtpUrl: vars.SMTP_URL?.href ?? null,
    smtpInsecure: vars.SMTP_INSECURE,
    mailTo: vars.MAIL_TO,
    mailFrom: vars.MAIL_FROM,
    siteOrigin: vars.SITE_URL.origin,
    isHttps: vars.SITE_URL.protocol === 'https:',
    trustProxy: vars.TRUST_PROXY,
    trustedProxies: vars.TRUSTED_PROXIES ?? [],
    rateLimit: { max: vars.RATE_LIMIT_MAX, windowMs: vars.RATE_LIMIT_WINDOW_MS },
    bodyLimitBytes: vars.BODY_LIMIT_BYTES,
    outboxLeaseMs: vars.OUTBOX_LEASE_MS,
    letterRate: vars.LETTER_RATE,
    studio: {
      idleHours: vars.STUDIO_IDLE_HOURS,
      maxDays: vars.STUDIO_MAX_DAYS,
      signInLimit: {
        perIp: vars.STUDIO_SIGN_IN_MAX_PER_IP,
        perAccount: vars.STUDIO_SIGN_IN_MAX_PER_ACCOUNT,
        perAccountAll: vars.STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL,
        windowMs: vars.STUDIO_SIGN_IN_WINDOW_MS,
      },
      timeZone: vars.STUDIO_TIME_ZONE,
    },
    leads: readLeadsConfig(vars),
    caldavUrl: readCaldavUrl(vars),
    faultInjection,
    metricsToken: vars.METRICS_TOKEN,
    challengeSecret: vars.CHALLENGE_SECRET,
    retention: {
      enquiryDays: vars.RETENTION_DAYS,
      spamDays: vars.SPAM_RETENTION_DAYS,
      auditDays: vars.AUDIT_RETENTION_DAYS,
    },
    audience: { isOn: vars.AUDIENCE, rawDays: vars.AUDIENCE_RAW_DAYS },
    booking: { isOn: vars.BOOKING, callsPerClient: vars.BOOKING_CALLS_PER_CLIENT },
  };
}

function readLeadsConfig(vars: Environment): LeadsConfig {
  const url = vars.IMAP_URL;
  if (
    url !== null &&
    url.protocol === 'imap:' &&
    !vars.IMAP_INSECURE &&
    !isLoopbackHost(url.hostname)
  ) {
    throw new ConfigError(
      'IMAP_URL uses imap:// to a remote host, which sends the mailbox password and every message in plain text: use imaps://, or set IMAP_INSECURE=1 for a lab.',
    );
  }
  return {
    imapUrl: url?.href ?? null,
    imapInsecure: vars.IMAP_INSECURE,
    replyFrom: vars.REPLY_FROM ?? vars.MAIL_TO,
    replyAddress: vars.REPLY_ADDRESS,
    authservId: vars.IMAP_AUTHSERV_ID,
  };
}

/** A calendar reached over plain HTTP must be on this machine, or a lab that says so. */
function readCaldavUrl(vars: Environment): string | null {
  const url = vars.CALDAV_URL;
  if (
    url !== null &&
    url.protocol === 'http:' &&
    !vars.CALDAV_INSECURE &&
    !isLoopbackHost(url.hostname)
  ) {
    throw new ConfigError(
      "CALDAV_URL uses http:// to a remote host, which sends the calendar's app password and every event in plain text: use https://, or set CALDAV_INSECURE=1 for a lab.",
    );
  }
  return url?.href ?? null;
}

/**
 * The settings the server starts with: readConfig's, plus what only a running server needs.
 * (The CLI and the build read the same variables and sign no challenges.)
 */
export function readServerConfig(
  env: Env,
  cwd = process.cwd(),
  defaultDistDir = PROJECT_DIST_DIR,
): Config {
  const config = readConfig(env, cwd, defaultDistDir);
  if (config.databaseUrl !== null && config.challengeSecret === null) {
    throw new ConfigError(
      'CHALLENGE_SECRET must be set when DATABASE_URL is: every instance on one database must sign the spam check with the same key (e.g. `openssl rand -hex 32`).',
    );
  }
  return config;
}
