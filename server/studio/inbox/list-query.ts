import { CONTACT_SERVICES, type ContactService } from '../../../common/contact';
import {
  EXPORT_FORMATS,
  INBOX_LIMITS,
  INBOX_STATUSES,
  OPEN_STATUSES,
  type ExportFormat,
} from '../../../common/studio-inbox';
import { readLeadFilter, type ListContext } from '../leads/lead-query';
import { toSearchTerms } from '../../store/enquiries/search-terms';
import type { InboxFilter, InboxPageKey } from '../../store/inbox/inbox-types';
import { decodeCursor } from './inbox-cursor';

export type ListQuery = { filter: InboxFilter; after: InboxPageKey | null; limit: number };
export type ExportQuery = { filter: InboxFilter; format: ExportFormat };

type Parsed<T> = { ok: true; value: T } | { ok: false };

const LIST_PARAMETERS = ['status', 'service', 'q', 'stage', 'owner', 'view', 'cursor', 'limit'];
const EXPORT_PARAMETERS = ['format', 'status', 'service', 'q', 'stage', 'owner', 'view'];

function findIn<T extends string>(options: readonly T[], value: string): T | undefined {
  return options.find((option) => option === value);
}

/**
 * Each known parameter at most once, nothing unknown; an empty value counts as absent. Returns
 * null when the query string is not one the studio app sends.
 */
function readParameters(url: string, allowed: readonly string[]): Map<string, string> | null {
  const values = new Map<string, string>();
  for (const [name, value] of new URL(url).searchParams) {
    if (!allowed.includes(name) || values.has(name)) return null;
    if (value !== '') values.set(name, value);
  }
  return values;
}

function readFilter(parameters: Map<string, string>, context: ListContext): Parsed<InboxFilter> {
  const status = parameters.get('status');
  const service = parameters.get('service');
  const q = parameters.get('q') ?? '';
  const statuses = status === undefined ? OPEN_STATUSES : [findIn(INBOX_STATUSES, status)];
  const chosenService: ContactService | undefined =
    service === undefined ? undefined : findIn(CONTACT_SERVICES, service);
  if (statuses.some((value) => value === undefined)) return { ok: false };
  if (service !== undefined && chosenService === undefined) return { ok: false };
  if (q.length > INBOX_LIMITS.queryLength) return { ok: false };
  const leadFilter = readLeadFilter(parameters, context);
  if (leadFilter === null) return { ok: false };
  return {
    ok: true,
    value: {
      statuses: statuses.filter((value) => value !== undefined),
      service: chosenService ?? null,
      terms: toSearchTerms(q),
      ...leadFilter,
    },
  };
}

function readLimit(value: string | undefined): number | null {
  if (value === undefined) return INBOX_LIMITS.defaultPageSize;
  if (!/^\d{1,3}$/.test(value)) return null;
  const limit = Number(value);
  return limit >= 1 && limit <= INBOX_LIMITS.maxPageSize ? limit : null;
}

/** GET enquiries: `status`, `service`, `q`, the lead filters, `cursor`, `limit`. */
export function readListQuery(url: string, context: ListContext): Parsed<ListQuery> {
  const parameters = readParameters(url, LIST_PARAMETERS);
  if (parameters === null) return { ok: false };
  const filter = readFilter(parameters, context);
  const limit = readLimit(parameters.get('limit'));
  const cursor = parameters.get('cursor');
  const after = cursor === undefined ? null : decodeCursor(cursor);
  if (!filter.ok || limit === null || (cursor !== undefined && after === null)) {
    return { ok: false };
  }
  return { ok: true, value: { filter: filter.value, after, limit } };
}

/** GET export: `format` and the list's filters. */
export function readExportQuery(url: string, context: ListContext): Parsed<ExportQuery> {
  const parameters = readParameters(url, EXPORT_PARAMETERS);
  if (parameters === null) return { ok: false };
  const format = findIn(EXPORT_FORMATS, parameters.get('format') ?? '');
  const filter = readFilter(parameters, context);
  if (format === undefined || !filter.ok) return { ok: false };
  return { ok: true, value: { filter: filter.value, format } };
}

/** GET subscribers: `cursor` and `limit` only. */
export function readPageQuery(url: string): Parsed<{ after: InboxPageKey | null; limit: number }> {
  const parameters = readParameters(url, ['cursor', 'limit']);
  if (parameters === null) return { ok: false };
  const limit = readLimit(parameters.get('limit'));
  const cursor = parameters.get('cursor');
  const after = cursor === undefined ? null : decodeCursor(cursor);
  if (limit === null || (cursor !== undefined && after === null)) return { ok: false };
  return { ok: true, value: { after, limit } };
}

/** GET subscribers/export: `format` only. */
export function readFormatQuery(url: string): Parsed<ExportFormat> {
  const parameters = readParameters(url, ['format']);
  const format = findIn(EXPORT_FORMATS, parameters?.get('format') ?? '');
  return format === undefined ? { ok: false } : { ok: true, value: format };
}
