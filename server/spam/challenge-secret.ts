import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';

export const CHALLENGE_SECRET_FILE = 'challenge-secret';

/**
 * The key that signs proof-of-work challenges: CHALLENGE_SECRET when set (every instance of a
 * shared deployment must use the same one), otherwise a random key made at first start and
 * kept in DATA_DIR, readable by the server's user only. Never logged.
 */
export async function resolveChallengeSecret(options: {
  fromEnv: string | null;
  dataDir: string;
}): Promise<string> {
  if (options.fromEnv !== null) return options.fromEnv;
  const file = path.join(options.dataDir, CHALLENGE_SECRET_FILE);
  await mkdir(options.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    // `wx` fails when the file exists, so two instances starting together keep the first key.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, {
      flag: 'wx',
      mode: PRIVATE_FILE_MODE,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} must hold at least 32 characters.`);
  return secret;
}
