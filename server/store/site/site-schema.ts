import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../db/timestamps';
import type { SiteScheduleTable } from './site-schedule-schema';

/** Two rows at most: the draft the studio edits and the document the page shows. */
export type SiteDocumentTable = {
  kind: 'draft' | 'published';
  /** The content document as JSON. */
  content: string;
  /** Opaque; a new one at every save, so a stale editor is caught (If-Match). */
  revision: string;
  updated_at: Timestamp;
  updated_by: string | null;
  /** The history entry a restore brought back, until the draft is next saved. */
  restored_from: string | null;
};

/**
 * The history: every publish, and every unpublished draft a restore replaced; the newest kept,
 * the oldest beyond the limit deleted.
 */
export type SiteRevisionTable = {
  id: string;
  revision: string;
  content: string;
  published_at: Timestamp;
  /** The staff member's email; null for the seed the build provided. */
  published_by: string | null;
  summary: string;
  /** When this publish was of a restored version: the entry restored, and when it was published. */
  restored_from: string | null;
  restored_published_at: NullableTimestamp;
  /** A publish unless written as the draft a restore replaced. */
  entry_kind: ColumnType<HistoryEntryKind, HistoryEntryKind | undefined, never>;
};

export type HistoryEntryKind = 'publish' | 'replaced_draft';

/** An uploaded image, by the SHA-256 of the uploaded bytes. */
export type MediaTable = {
  hash: string;
  width: number;
  height: number;
  created_at: Timestamp;
  created_by: string | null;
};

/** One encoded file of an image: one width in one format. */
export type MediaFileTable = {
  hash: string;
  width: number;
  format: string;
  bytes: Buffer;
};

export type SiteDatabase = {
  site_documents: SiteDocumentTable;
  site_revisions: SiteRevisionTable;
  media: MediaTable;
  media_files: MediaFileTable;
  site_schedules: SiteScheduleTable;
};
