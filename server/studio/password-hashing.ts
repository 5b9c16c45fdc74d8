import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** OWASP's minimum for Argon2id (docs/decisions/0020-studio-passwords.md). */
export const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id: the package declares it as a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const PASSWORD_MIN_LENGTH = 12;
/** Far above any real passphrase; keeps a hash from being asked to chew megabytes. */
export const PASSWORD_MAX_LENGTH = 256;

/** Counts characters as people see them, not UTF-16 code units. */
export function passwordLength(password: string): number {
  return [...password].length;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash; with no hash (unknown email, or no password chosen
 * yet) it verifies against a dummy one, so the answer takes the same work either way.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  const target = storedHash ?? (await dummyHash);
  const isMatch = await verify(target, password).catch(() => false);
  return storedHash !== null && isMatch;
}
