import * as z from 'zod/mini';
import { CONTROL_CHARACTERS } from './fields';

/**
 * The building blocks of the site's content document (site-content.ts): text, links, ids and
 * images, each refusing what would break the page or harm a visitor. Messages are error codes.
 */

export const SITE_CONTENT_ERROR_CODES = [
  'required',
  'not_text',
  'not_single_line',
  'forbidden_characters',
  'too_long',
  'too_short',
  'too_many',
  'invalid_email',
  'invalid_link',
  'invalid_image',
  'duplicate_id',
  'unknown_field',
  'invalid',
] as const;

export type SiteContentErrorCode = (typeof SITE_CONTENT_ERROR_CODES)[number];

export const SITE_TEXT_LIMITS = {
  label: 60,
  line: 160,
  paragraph: 600,
  quote: 800,
  href: 500,
} as const;

/**
 * A draft may leave text empty while it is being written; publishing requires it. Everything
 * else (lengths, links, unknown fields) is refused in both, so a draft is always safe to preview.
 */
export type Strictness = 'draft' | 'publish';

/** Text without stray control characters, trimmed, NFC-normalised and bounded. */
function text(maxLength: number, strictness: Strictness, isMultiLine: boolean) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'required' : 'not_text') })
    .check(
      z.refine((value) => isMultiLine || !/[\r\n]/.test(value), { error: 'not_single_line' }),
      z.refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'forbidden_characters' }),
      z.trim(),
      z.normalize('NFC'),
      z.minLength(strictness === 'publish' ? 1 : 0, { error: 'required' }),
      z.maxLength(maxLength, { error: 'too_long' }),
    );
}

export type TextRules = {
  line: (maxLength?: number) => ReturnType<typeof text>;
  paragraph: (maxLength?: number) => ReturnType<typeof text>;
};

export function createTextRules(strictness: Strictness): TextRules {
  return {
    line: (maxLength = SITE_TEXT_LIMITS.line) => text(maxLength, strictness, false),
    paragraph: (maxLength = SITE_TEXT_LIMITS.paragraph) => text(maxLength, strictness, true),
  };
}

/** Text that may be left empty even when published, such as a counter's suffix. */
export const optionalLine = (maxLength: number) => text(maxLength, 'draft', false);

/**
 * Where a link may lead: another site over https, an email, a phone number, or a section of
 * the page (`#contact`). Anything else (`javascript:`, `data:`, plain http) is refused.
 */
export function isAllowedHref(href: string): boolean {
  if (/^#[a-z][a-z0-9-]{0,63}$/.test(href)) return true;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return url.hostname !== '' && url.username === '';
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return url.pathname !== '';
  return false;
}

/** A link is never left empty, even in a draft: an empty one would lead nowhere. */
export const href = () =>
  text(SITE_TEXT_LIMITS.href, 'publish', false).check(
    z.refine(isAllowedHref, { error: 'invalid_link' }),
  );

/** An id a list item keeps across edits: lower-case words joined by hyphens. */
export const slug = () =>
  z
    .string({ error: 'not_text' })
    .check(
      z.minLength(1, { error: 'required' }),
      z.maxLength(64, { error: 'too_long' }),
      z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'invalid' }),
    );

/** A list of `min` to `max` items whose ids are all different. */
export function uniqueList<T extends { id: string }>(
  item: z.ZodMiniType<T>,
  min: number,
  max: number,
) {
  return z.array(item, { error: 'invalid' }).check(
    z.minLength(min, { error: 'too_short' }),
    z.maxLength(max, { error: 'too_many' }),
    z.refine((items) => new Set(items.map((entry) => entry.id)).size === items.length, {
      error: 'duplicate_id',
    }),
  );
}

/** The largest image the studio accepts: the browser refuses a bigger one before sending it. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Images come from the build (`/assets/…`) or from the studio's uploads (`/media/…`). */
const IMAGE_URL = /^\/(?:assets|media)\/[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export const IMAGE_TYPES = ['image/avif', 'image/webp', 'image/jpeg'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const pixels = () =>
  z
    .number({ error: 'invalid_image' })
    .check(z.int({ error: 'invalid_image' }), z.gte(1), z.lte(20_000, { error: 'invalid_image' }));

/** One encoded file of an image: where it is, how wide, in which format. */
export const ImageSourceSchema = z.strictObject({
  url: z.string({ error: 'invalid_image' }).check(z.regex(IMAGE_URL, { error: 'invalid_image' })),
  width: pixels(),
  type: z.enum(IMAGE_TYPES, { error: 'invalid_image' }),
});

/**
 * An image in every width and format the page offers; the intrinsic size reserves its box
 * (no layout shift) and a JPEG is always among the sources, for browsers without AVIF or WebP.
 * A draft may hold an image with no files yet (a new project before its upload): only
 * publishing needs the files, so the other edits of the draft are saved meanwhile.
 */
export function createContentImageSchema(strictness: Strictness) {
  return z.strictObject({
    width: pixels(),
    height: pixels(),
    sources: z.array(ImageSourceSchema, { error: 'invalid_image' }).check(
      z.minLength(strictness === 'publish' ? 1 : 0, { error: 'invalid_image' }),
      z.maxLength(12, { error: 'too_many' }),
      z.refine(
        (sources) => sources.length === 0 || sources.some((source) => source.type === 'image/jpeg'),
        { error: 'invalid_image' },
      ),
    ),
  });
}

export const ContentImageSchema = createContentImageSchema('publish');

export type ContentImage = z.infer<typeof ContentImageSchema>;
export type ImageSource = z.infer<typeof ImageSourceSchema>;

export const createLinkSchema = ({ line }: TextRules) =>
  z.strictObject({ label: line(SITE_TEXT_LIMITS.label), href: href() });
