import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImapFlow } from 'imapflow';
import { findFreePort, isListening } from './listen-on-loopback';

const DOVECOT = '/usr/sbin/dovecot';
/** Dovecot refuses to run its login and mail processes as root; Debian always has nobody. */
const UNPRIVILEGED = { user: 'nobody', group: 'nogroup', uid: 65534, gid: 65534 };

/**
 * Whether Debian's Dovecot is here to test against. CI must have it (`.ci/run` installs
 * dovecot-imapd): there a missing one fails the run; locally its suites are skipped, loudly.
 */
export function hasDovecot(): boolean {
  if (existsSync(DOVECOT)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`${DOVECOT} is missing: CI must install dovecot-imapd (see .ci/run).`);
  }
  console.warn(
    `SKIPPING the mailbox tests: ${DOVECOT} is not installed. To run them: apt-get install dovecot-imapd`,
  );
  return false;
}

export type Dovecot = {
  /** `imap://user:pass@127.0.0.1:<port>/INBOX`: plain text, allowed on loopback. */
  url: string;
  /** `imaps://user:pass@127.0.0.1:<port>/INBOX` when started with a certificate; else null. */
  tlsUrl: string | null;
  user: string;
  password: string;
  port: number;
  /** A client logged in as the mailbox's owner, for delivering and inspecting mail. */
  connect(): Promise<ImapFlow>;
  /** Puts a raw message into INBOX, as a delivery would. */
  deliver(raw: string | Buffer): Promise<void>;
  stop(): Promise<void>;
};

async function waitUntilListening(port: number, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 10_000;
  while (!(await isListening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`Dovecot did not start on port ${port}:\n${log()}`);
    }
    await sleep(50);
  }
}

/**
 * Starts a throw-away Dovecot: one passwd-file user with a Maildir under a temporary folder,
 * IMAP on 127.0.0.1 without TLS (and IMAPS too, when given a certificate and its key as PEM
 * files), logging to stderr. Runs as root (CI) with its processes as nobody, or as the current
 * user.
 */
export async function startDovecot(
  options: { tls?: { certFile: string; keyFile: string } } = {},
): Promise<Dovecot> {
  const root = await mkdtemp(path.join(tmpdir(), 'ember-dovecot-'));
  const isRoot = process.getuid?.() === 0;
  const owner = isRoot
    ? UNPRIVILEGED
    : { user: userInfo().username, group: '', uid: userInfo().uid, gid: userInfo().gid };
  // Dovecot's unprivileged processes must reach their sockets and the Maildir.
  await chmod(root, 0o755);
  const home = path.join(root, 'home');
  await mkdir(home);
  if (isRoot) await chown(home, owner.uid, owner.gid);
  const user = 'studio';
  const password = randomBytes(12).toString('hex');
  await writeFile(path.join(root, 'users'), `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  const port = await findFreePort();
  const tlsPort = options.tls === undefined ? 0 : await findFreePort();
  const tls =
    options.tls === undefined
      ? ['ssl = no']
      : ['ssl = yes', `ssl_cert = <${options.tls.certFile}`, `ssl_key = <${options.tls.keyFile}`];
  const config = [
    'protocols = imap',
    'listen = 127.0.0.1',
    `base_dir = ${root}/run`,
    `state_dir = ${root}/state`,
    'log_path = /dev/stderr',
    ...tls,
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // Dovecot holds each refused login 2 s against guessing; the tests refuse passwords on
    // purpose and wait for the watch's own back-off, not for Dovecot's.
    'auth_failure_delay = 0',
    `default_internal_user = ${owner.user}`,
    `default_login_user = ${owner.user}`,
    ...(owner.group === '' ? [] : [`default_internal_group = ${owner.group}`]),
    'first_valid_uid = 1',
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${root}/users\n}`,
    `userdb {\n  driver = static\n  args = uid=${owner.uid} gid=${owner.gid} home=${home}/%u\n}`,
    'mail_location = maildir:~/Maildir',
    `service imap-login {\n  chroot =\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    address = 127.0.0.1\n    port = ${tlsPort}\n  }\n}`,
    'service anvil {\n  chroot =\n}',
  ].join('\n');
  const configFile = path.join(root, 'dovecot.conf');
  await writeFile(configFile, `${config}\n`);
  const child = spawn(DOVECOT, ['-F', '-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await waitUntilListening(port, child, () => output);
    if (tlsPort !== 0) await waitUntilListening(tlsPort, child, () => output);
  } catch (error) {
    child.kill('SIGTERM');
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  const connect = async () => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      // The plain port: never upgraded, even when this Dovecot also has a certificate.
      doSTARTTLS: false,
      logger: false,
    });
    await client.connect();
    return client;
  };
  return {
    url: `imap://${user}:${password}@127.0.0.1:${port}/INBOX`,
    tlsUrl: tlsPort === 0 ? null : `imaps://${user}:${password}@127.0.0.1:${tlsPort}/INBOX`,
    user,
    password,
    port,
    connect,
    async deliver(raw) {
      const client = await connect();
      try {
        await client.append('INBOX', raw);
      } finally {
        await client.logout();
      }
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(root, { recursive: true, force: true });
    },
  };
}
