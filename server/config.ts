import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  /** Absolute path: the SQLite file and the development mailbox live here. */
  dataDir: string;
  /** Absolute path of the build output (`client/` and `meta.json`). */
  distDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailTo: string;
  mailFrom: string;
  /** Canonical origin of the site, e.g. `https://emberandink.example` (no trailing slash). */
  siteOrigin: string;
  isHttps: boolean;
  /** Number of proxy hops in front of the server whose X-Forwarded-For entries are trusted. */
  trustProxy: number;
  rateLimit: { max: number; windowMs: number };
  bodyLimitBytes: number;
  /** How long a claimed email stays reserved; after a crash it is sent again once this runs out. */
  outboxLeaseMs: number;
};

export type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const CONFIG_DEFAULTS = {
  PORT: '3000',
  HOST: '0.0.0.0',
  DATA_DIR: './data',
  /** Relative to the project, so `npm start` finds the build from any working directory. */
  DIST_DIR: path.resolve(import.meta.dirname, '..', 'dist'),
  MAIL_TO: 'hello@emberandink.example',
  MAIL_FROM: 'Ember & Ink website <website@emberandink.example>',
  SITE_URL: 'http://localhost:3000',
  TRUST_PROXY: '0',
  RATE_LIMIT_MAX: '10',
  RATE_LIMIT_WINDOW_MS: '600000',
  BODY_LIMIT_BYTES: '32768',
  OUTBOX_LEASE_MS: '120000',
} as const;

const PLAIN_ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const NAMED_ADDRESS = /^[^\r\n<>"]*<([^<>]+)>$/;
const HOST_NAME = /^[A-Za-z0-9.:[\]_-]+$/;

/** Reads a variable; an empty value counts as unset so `VAR=` in a .env file means "default". */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: string, min: number, max: number): number {
  const raw = read(env, name) ?? fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function url(env: Env, name: string, protocols: string[], example: string): URL | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  const expected = `${name} must be a ${protocols.join(' or ')} URL such as ${example}`;
  if (!URL.canParse(raw)) throw new ConfigError(`${expected}, got an unreadable value.`);
  const parsed = new URL(raw);
  if (!protocols.includes(parsed.protocol.slice(0, -1)) || parsed.hostname === '') {
    throw new ConfigError(`${expected}, got a ${parsed.protocol.slice(0, -1)}: URL.`);
  }
  return parsed;
}

function mailAddress(env: Env, name: string, fallback: string, allowDisplayName: boolean): string {
  const raw = read(env, name) ?? fallback;
  const address = allowDisplayName ? (NAMED_ADDRESS.exec(raw)?.[1]?.trim() ?? raw) : raw;
  if (!PLAIN_ADDRESS.test(address)) {
    const shape = allowDisplayName
      ? 'an email address, optionally as "Name <address>"'
      : 'one email address';
    throw new ConfigError(`${name} must be ${shape}, got "${raw}".`);
  }
  return raw;
}

function siteUrl(env: Env): URL {
  const parsed =
    url(env, 'SITE_URL', ['http', 'https'], 'https://emberandink.example') ??
    new URL(CONFIG_DEFAULTS.SITE_URL);
  if (
    parsed.pathname !== '/' ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    parsed.username !== ''
  ) {
    throw new ConfigError(
      `SITE_URL must be an origin only (scheme, host and optional port, no path), got "${parsed.href}".`,
    );
  }
  return parsed;
}

function host(env: Env): string {
  const value = read(env, 'HOST') ?? CONFIG_DEFAULTS.HOST;
  if (!HOST_NAME.test(value)) {
    throw new ConfigError(
      `HOST must be a host name or IP address such as 0.0.0.0, got "${value}".`,
    );
  }
  return value;
}

/** Validates the environment once at start-up; any bad value stops the server with its name. */
export function readConfig(env: Env, cwd = process.cwd()): Config {
  const site = siteUrl(env);
  return {
    port: integer(env, 'PORT', CONFIG_DEFAULTS.PORT, 0, 65535),
    host: host(env),
    dataDir: path.resolve(cwd, read(env, 'DATA_DIR') ?? CONFIG_DEFAULTS.DATA_DIR),
    distDir: path.resolve(cwd, read(env, 'DIST_DIR') ?? CONFIG_DEFAULTS.DIST_DIR),
    databaseUrl:
      url(env, 'DATABASE_URL', ['postgres', 'postgresql'], 'postgres://user:pass@host:5432/db')
        ?.href ?? null,
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps'], 'smtps://user:pass@host:465')?.href ?? null,
    mailTo: mailAddress(env, 'MAIL_TO', CONFIG_DEFAULTS.MAIL_TO, false),
    mailFrom: mailAddress(env, 'MAIL_FROM', CONFIG_DEFAULTS.MAIL_FROM, true),
    siteOrigin: site.origin,
    isHttps: site.protocol === 'https:',
    trustProxy: integer(env, 'TRUST_PROXY', CONFIG_DEFAULTS.TRUST_PROXY, 0, 20),
    rateLimit: {
      max: integer(env, 'RATE_LIMIT_MAX', CONFIG_DEFAULTS.RATE_LIMIT_MAX, 1, 1_000_000),
      windowMs: integer(
        env,
        'RATE_LIMIT_WINDOW_MS',
        CONFIG_DEFAULTS.RATE_LIMIT_WINDOW_MS,
        1000,
        86_400_000,
      ),
    },
    bodyLimitBytes: integer(
      env,
      'BODY_LIMIT_BYTES',
      CONFIG_DEFAULTS.BODY_LIMIT_BYTES,
      1024,
      1_048_576,
    ),
    outboxLeaseMs: integer(
      env,
      'OUTBOX_LEASE_MS',
      CONFIG_DEFAULTS.OUTBOX_LEASE_MS,
      1000,
      86_400_000,
    ),
  };
}
