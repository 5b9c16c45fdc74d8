import * as z from 'zod/mini';
import { SiteContentDraftSchema } from '../../../common/site-content';

type JsonSchemaNode = {
  maxLength?: number;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
};

let described: JsonSchemaNode | null = null;

/** The document's schema as JSON Schema: one description of every limit, read by path. */
function describeDocument(): JsonSchemaNode {
  described ??= z.toJSONSchema(SiteContentDraftSchema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchemaNode;
  return described;
}

/**
 * The most characters the text at `path` may hold (`hero.tagline` → 300), from the same schema
 * the server checks, so the counter and the server never disagree; null when it has no limit.
 */
export function textLimitAt(path: string): number | null {
  let node: JsonSchemaNode | undefined = describeDocument();
  for (const part of path.split('.')) {
    node = /^\d+$/.test(part) ? node?.items : node?.properties?.[part];
  }
  return node?.maxLength ?? null;
}

/** The length the server counts: after trimming and NFC normalisation. */
export const countedLength = (value: string) => value.trim().normalize('NFC').length;
