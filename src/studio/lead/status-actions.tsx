import type { EnquiryStatus } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { enquiryCopy } from '../copy';

type StatusAction = {
  label: string;
  to: EnquiryStatus;
  isShownFor: (status: EnquiryStatus) => boolean;
};

/**
 * Where an enquiry is filed, and its unread mark; where the work stands is its stage, set in
 * the lead's fields. The moves that make sense from each status. "Not spam" and "Back to the inbox" both mean
 * read: the enquiry has been seen. Leaving spam also gets its email sent (server side).
 */
const ACTIONS: readonly StatusAction[] = [
  { label: enquiryCopy.markRead, to: 'read', isShownFor: (status) => status === 'new' },
  { label: enquiryCopy.markNew, to: 'new', isShownFor: (status) => status === 'read' },
  {
    label: enquiryCopy.archive,
    to: 'archived',
    isShownFor: (status) => status !== 'archived' && status !== 'spam',
  },
  { label: enquiryCopy.toInbox, to: 'read', isShownFor: (status) => status === 'archived' },
  { label: enquiryCopy.markSpam, to: 'spam', isShownFor: (status) => status !== 'spam' },
  { label: enquiryCopy.notSpam, to: 'read', isShownFor: (status) => status === 'spam' },
];

type StatusActionsProps = {
  status: EnquiryStatus;
  isBusy: boolean;
  /** What the last move did, or why it failed. */
  outcome: StatusMessage;
  onMove: (to: EnquiryStatus) => void;
};

/**
 * The moves, and the line that says what the last one did. The button pressed goes away with
 * the status it left (or is disabled while it works), so the line takes the focus.
 */
export function StatusActions({ status, isBusy, outcome, onMove }: StatusActionsProps) {
  return (
    <>
      <ul aria-label={enquiryCopy.actions} className="flex flex-wrap gap-2">
        {ACTIONS.filter((action) => action.isShownFor(status)).map((action) => (
          <li key={action.label}>
            <button
              type="button"
              disabled={isBusy}
              onClick={() => onMove(action.to)}
              className={action.to === 'spam' ? BUTTON.danger : BUTTON.secondary}
            >
              {action.label}
            </button>
          </li>
        ))}
      </ul>
      <StatusLine status={outcome} takesFocus />
    </>
  );
}
