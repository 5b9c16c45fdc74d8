import { SITE_CONTENT_ERROR_CODES, type SiteContentErrorCode } from './site-content-rules';

/** The field a problem is in, as a dotted path: `portfolio.items.3.imageAlt`. */
export type SiteContentFieldErrors = Partial<Record<string, SiteContentErrorCode>>;

type Issue = {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
};

function toCode(message: string): SiteContentErrorCode {
  return SITE_CONTENT_ERROR_CODES.find((code) => code === message) ?? 'invalid';
}

const joinPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The first problem of each field of a refused document. An unknown field is named itself
 * (`hero.subtitle: unknown_field`), so the editor and the CLI can point at it.
 */
export function toSiteContentFieldErrors(error: {
  readonly issues: readonly Issue[];
}): SiteContentFieldErrors {
  const fieldErrors: SiteContentFieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.keys !== undefined) {
      for (const key of issue.keys) fieldErrors[joinPath([...issue.path, key])] ??= 'unknown_field';
      continue;
    }
    fieldErrors[joinPath(issue.path) || '(document)'] ??= toCode(issue.message);
  }
  return fieldErrors;
}
