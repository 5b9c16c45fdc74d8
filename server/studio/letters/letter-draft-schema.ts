import * as z from 'zod/mini';
import { CONTROL_CHARACTERS, singleLineText } from '../../../common/fields';
import { LETTER_BODY_MAX, LETTER_PREVIEW_MAX, LETTER_SUBJECT_MAX } from '../../../common/letters';

/**
 * A letter's draft as the studio sends it (`LetterDraft`), to be kept or previewed. A new draft
 * may have no words yet; one with none cannot be sent. The body's own limit is checked apart
 * from the schema too, so that a body too long is a 413 and not a malformed request.
 */
export const LetterDraftSchema = z.object({
  subject: singleLineText(LETTER_SUBJECT_MAX),
  preview: z.optional(
    z.string().check(
      z.refine((value) => !CONTROL_CHARACTERS.test(value) && !/[\r\n]/.test(value)),
      z.trim(),
      z.maxLength(LETTER_PREVIEW_MAX),
    ),
  ),
  body: z.string().check(z.refine((value) => !CONTROL_CHARACTERS.test(value))),
});

/**
 * The bytes a draft's JSON may take: each character of its text escaped (`\uXXXX`, 6 bytes)
 * and the object around them. A larger request is refused before it is read whole.
 */
export const LETTER_DRAFT_BYTES_MAX =
  6 * LETTER_BODY_MAX + 6 * (LETTER_SUBJECT_MAX + LETTER_PREVIEW_MAX) + 1024;
