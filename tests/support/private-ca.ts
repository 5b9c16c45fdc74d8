import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A studio's own certificate authority and a server certificate it issued for 127.0.0.1. */
export type PrivateCa = {
  /** The authority's certificate: what NODE_EXTRA_CA_CERTS names to trust it. */
  caFile: string;
  certFile: string;
  keyFile: string;
  remove(): Promise<void>;
};

/** Makes a throw-away private CA and a certificate for 127.0.0.1 with openssl. */
export async function createPrivateCa(): Promise<PrivateCa> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ember-ca-'));
  const file = (name: string) => path.join(directory, name);
  const openssl = (...args: string[]) => run('openssl', args);
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Ember Test Private CA',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
  );
  await openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
  );
  await writeFile(file('server.ext'), 'subjectAltName = IP:127.0.0.1\n');
  await openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-days',
    '2',
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.pem'),
  );
  return {
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}
