import { useEffect, useRef, useState } from 'react';
import { LEAD_STAGES, type LeadStage } from '../../../common/leads';
import { changeLead } from '../api/lead-api';
import { listEnquiries } from '../api/studio-api';
import type { Enquiry } from '../api/types';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { StatusLine } from '../components/status-line';
import { inboxCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { boardCopy, stageNames } from '../lead-copy';
import { BoardColumn, type MoveDirection } from './board-column';
import { LeadViews } from './lead-views';
import { useStaffNames } from '../hooks/use-staff-names';

/** The board shows this many of the most recent open enquiries: a glance, not an archive. */
const BOARD_SIZE = 100;

const stageOf = (enquiry: Enquiry): LeadStage => enquiry.lead?.stage ?? 'new';

/**
 * The open leads in one column per stage, side by side on a wide screen and stacked on a phone.
 * A lead moves with its buttons (keyboard, touch, pointer) or by dragging it to a column; after
 * a move by button, focus follows the lead into its new column, and the move is announced.
 */
export function BoardPage() {
  const { data, update } = useApiData('board', (signal) =>
    listEnquiries({}, null, signal, BOARD_SIZE),
  );
  const move = useAction();
  const [focus, setFocus] = useState<{ id: string; direction: MoveDirection } | null>(null);
  const board = useRef<HTMLDivElement>(null);
  const nameOf = useStaffNames();
  const [now] = useState(() => Date.now());

  useEffect(() => {
    if (focus === null) return;
    const card = board.current?.querySelector(`[data-lead="${CSS.escape(focus.id)}"]`);
    const button =
      card?.querySelector<HTMLElement>(`[data-move="${focus.direction}"]`) ??
      card?.querySelector<HTMLElement>('[data-move]');
    button?.focus();
  }, [focus]);

  async function moveLead(enquiry: Enquiry, to: LeadStage, direction: MoveDirection | null) {
    if (stageOf(enquiry) === to) return;
    const moved = await move.run(async () => {
      const saved = await changeLead(enquiry.id, { stage: to });
      update((page) => ({
        ...page,
        items: page.items.map((item) =>
          item.id === enquiry.id && item.lead
            ? { ...item, lead: { ...item.lead, stage: saved.stage } }
            : item,
        ),
      }));
      return boardCopy.moved(enquiry.name, stageNames[saved.stage]);
    });
    if (moved && direction !== null) setFocus({ id: enquiry.id, direction });
  }

  const items = data.state === 'ready' ? data.data.items : [];
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={inboxCopy.title} documentTitle={boardCopy.title} />
      <LeadViews current="board" />
      <p className="text-ink-muted">{boardCopy.intro}</p>
      <ApiDataState data={data} loading={boardCopy.loading} />
      <StatusLine status={move.outcome} />
      {data.state === 'ready' ? (
        <div ref={board} className="grid gap-4 md:grid-cols-3 xl:grid-cols-5">
          {LEAD_STAGES.map((stage) => (
            <BoardColumn
              key={stage}
              stage={stage}
              items={items.filter((item) => stageOf(item) === stage)}
              isBusy={move.isBusy}
              nameOf={nameOf}
              now={now}
              onMove={(enquiry, to, direction) => void moveLead(enquiry, to, direction)}
              onDrop={(leadId, to) => {
                const dragged = items.find((item) => item.id === leadId);
                // After a drop, focus stays where the pointer left it.
                if (dragged) void moveLead(dragged, to, null);
              }}
            />
          ))}
        </div>
      ) : null}
      {data.state === 'ready' && data.data.nextCursor !== null ? (
        <p className="text-sm text-ink-muted">{boardCopy.limited(BOARD_SIZE)}</p>
      ) : null}
    </div>
  );
}
