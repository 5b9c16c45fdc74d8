import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A staff member added by the build's own CLI (`enquiries staff add`), their password set
 * through the welcome link it prints, on the instance at `port`.
 */
export async function addStaff(
  buildRoot: string,
  settings: Record<string, string>,
  port: number,
): Promise<{ email: string; password: string }> {
  const email = `staff.${Date.now()}@studio.example`;
  const password = 'correct horse battery staple';
  const { stdout } = await run(
    process.execPath,
    [path.join(buildRoot, 'dist', 'app', 'enquiries.js'), 'staff', 'add', email],
    { env: { PATH: process.env.PATH ?? '', ...settings } },
  );
  const link = /https?:\/\/\S+#token=\S+/.exec(stdout)?.[0];
  if (link === undefined) throw new Error(`staff add printed no link: ${stdout}`);
  const token = new URL(link).hash.slice('#token='.length);
  const welcome = await fetch(`http://127.0.0.1:${port}/api/studio/welcome`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: settings.SITE_URL ?? '' },
    body: JSON.stringify({ token, password }),
  });
  if (welcome.status !== 200) throw new Error(`The welcome link answered ${welcome.status}`);
  return { email, password };
}
