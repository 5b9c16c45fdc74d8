import type { NullableTimestamp, Timestamp } from '../db/timestamps';

export type SiteScheduleState = 'pending' | 'published' | 'failed' | 'cancelled';

/** A publish asked for at a later time, with the draft it will publish. */
export type SiteScheduleTable = {
  id: string;
  at: Timestamp;
  /** The draft revision scheduled; it becomes the published revision. */
  revision: string;
  /** That draft's document as JSON: the draft itself goes on being edited. */
  content: string;
  /** The history entry the draft had been restored from, if it was. */
  restored_from: string | null;
  created_at: Timestamp;
  /** The staff member's email: the publish is theirs. */
  created_by: string;
  state: SiteScheduleState;
  /** When it was published, failed or cancelled, and by whom when cancelled. */
  settled_at: NullableTimestamp;
  settled_by: string | null;
  /** Why it failed. */
  reason: string | null;
};
