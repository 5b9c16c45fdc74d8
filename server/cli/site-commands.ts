import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteContentDraftSchema } from '../../common/site-content';
import { InvalidSiteContentError, parseSiteContentJson } from '../site/site-content-seed-file';
import type { Store } from '../store/store';
import type { CommandResult } from './staff-commands';

export const SITE_HELP = `  site export <file>                                     the published content as JSON; never
                                                         overwrites a file
  site import <file>                                     check a content file and make it the draft
                                                         (publish it from the studio)`;

/** Large enough for any document the studio accepts (its API takes 512 KB). */
const MAX_IMPORT_BYTES = 1024 * 1024;

const ok = (stdout: string): CommandResult => ({ code: 0, stdout, stderr: '' });
const fail = (stderr: string, code = 1): CommandResult => ({ code, stdout: '', stderr });

const isCode = (error: unknown, code: string) =>
  error instanceof Error && 'code' in error && error.code === code;

async function exportSite(store: Store, file: string): Promise<CommandResult> {
  const published = await store.site.readPublished();
  if (published === null) return fail('Nothing is published yet: start the server once.\n');
  try {
    // wx: an existing file is never replaced; 0600: the file may hold unpublished names.
    await writeFile(file, `${JSON.stringify(published.content, null, 2)}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if (isCode(error, 'EEXIST')) return fail(`${file} exists; choose a new file name.\n`);
    throw error;
  }
  return ok(`Wrote the published content (revision ${published.revision}) to ${file}.\n`);
}

async function importSite(store: Store, file: string, now: Date): Promise<CommandResult> {
  let text: string;
  try {
    const bytes = await readFile(file);
    if (bytes.length > MAX_IMPORT_BYTES) return fail(`${file} is larger than 1 MB.\n`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return fail(`${file} does not exist.\n`);
    throw error;
  }
  try {
    const content = parseSiteContentJson(text, file, SiteContentDraftSchema);
    const draft = await store.site.replaceDraft(content, { by: null, now });
    await store.auth.recordAudit({
      at: now,
      event: 'site.import',
      email: null,
      ip: null,
      detail: path.basename(file),
    });
    return ok(
      `Imported ${file} as the draft (revision ${draft.revision}). Preview and publish it from the studio.\n`,
    );
  } catch (error) {
    if (!(error instanceof InvalidSiteContentError)) throw error;
    const lines = Object.entries(error.fieldErrors).map(
      ([field, code]) => `  ${field}: ${code ?? 'invalid'}`,
    );
    return fail(`${file} is not a valid content document; nothing changed:\n${lines.join('\n')}\n`);
  }
}

/** `site export|import <file>`; returns what to print rather than printing, for tests. */
export async function runSiteCommand(
  store: Store,
  positionals: string[],
  now = new Date(),
): Promise<CommandResult> {
  const [action, file, ...rest] = positionals;
  if (file === undefined || rest.length > 0 || (action !== 'export' && action !== 'import')) {
    return fail(`Usage:\n${SITE_HELP}\n`, 2);
  }
  const target = path.resolve(file);
  return action === 'export' ? exportSite(store, target) : importSite(store, target, now);
}
