import type { CallEvent } from './leads';
import type { StudioFormat } from './studio-format';

/**
 * A change of a call in the words the lead's thread shows it and the export writes it, its
 * times in the studio's locale and zone: `summary` what happened ("Call moved from … to … by the
 * visitor"), `textLabel` what the words that came with it are (their note, their reason, or the
 * studio's words to them).
 */
export type CallEventWords = { summary: string; textLabel: string };

const VISITOR = 'the visitor';

export function describeCallEvent(
  event: CallEvent,
  format: Pick<StudioFormat, 'dateTime' | 'time'>,
): CallEventWords {
  const span = (start: string, end: string) => `${format.dateTime(start)}–${format.time(end)}`;
  const to = span(event.start, event.end);
  const by = event.byStaff ?? VISITOR;
  switch (event.kind) {
    case 'booked':
      return { summary: `Call booked for ${to}`, textLabel: 'Their note' };
    case 'moved': {
      const from = event.from === null ? null : span(event.from.start, event.from.end);
      return {
        summary:
          from === null
            ? `Call moved to ${to} by ${by}`
            : `Call moved from ${from} to ${to} by ${by}`,
        textLabel: 'Their note',
      };
    }
    case 'cancelled':
      return {
        summary: `Call of ${to} cancelled by ${by}`,
        textLabel: event.byStaff === null ? 'Their reason' : 'Our words to them',
      };
  }
}
