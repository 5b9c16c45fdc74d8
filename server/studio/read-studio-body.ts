import type * as z from 'zod/mini';
import { readJsonBody } from '../routes/read-request-body';
import type { StudioErrorCode, StudioResponder } from './studio-responses';

export type StudioBody<T> = { ok: true; value: T } | { ok: false; response: Response };

/** The error code of a body refused before its schema looked at it. */
export const ENVELOPE_ERRORS: Record<400 | 413 | 415, StudioErrorCode> = {
  400: 'invalid_json',
  413: 'too_large',
  415: 'unsupported_media_type',
};

/** Reads a JSON body within the size limit and parses it with the route's schema. */
export async function readStudioBody<T>(
  request: Request,
  schema: z.ZodMiniType<T>,
  options: { limit: number; respond: StudioResponder },
): Promise<StudioBody<T>> {
  const body = await readJsonBody(request, options.limit);
  if (!body.ok) {
    return {
      ok: false,
      response: options.respond.error(body.status, ENVELOPE_ERRORS[body.status]),
    };
  }
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    return { ok: false, response: options.respond.error(400, 'invalid_request') };
  }
  return { ok: true, value: parsed.data };
}
