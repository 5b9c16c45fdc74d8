import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteContentSchema, type SiteContent } from '../../common/site-content';
import { toSiteContentFieldErrors } from '../../common/site-content-errors';

/** Written by the build from src/content (scripts/build/write-site-content.ts); never served. */
export const SITE_CONTENT_SEED_FILE = 'site-content.json';

/** Why a content document was refused, with every field at fault named. */
export class InvalidSiteContentError extends Error {
  override name = 'InvalidSiteContentError';
  constructor(
    source: string,
    readonly fieldErrors: Record<string, string | undefined>,
  ) {
    const fields = Object.entries(fieldErrors)
      .map(([field, code]) => `${field}: ${code ?? 'invalid'}`)
      .join(', ');
    super(`${source} is not a valid content document (${fields})`);
  }
}

/** Parses a document from JSON text, or throws InvalidSiteContentError naming the fields. */
export function parseSiteContentJson(
  text: string,
  source: string,
  schema: typeof SiteContentSchema = SiteContentSchema,
): SiteContent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidSiteContentError(source, { '(document)': 'not_json' });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidSiteContentError(source, toSiteContentFieldErrors(parsed.error));
  }
  return parsed.data;
}

/** The content the build describes: what a fresh install publishes first. */
export async function readSiteContentSeed(distDir: string): Promise<SiteContent> {
  const file = path.join(distDir, SITE_CONTENT_SEED_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(
      `The store has no site content yet and the build has none to start from (${file}); run npm run build`,
      { cause: error },
    );
  }
  return parseSiteContentJson(text, file);
}
