import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { LEAD_STAGES, type LeadStage } from '../../../common/leads';
import type { Enquiry } from '../api/types';
import { StudioLink } from '../components/studio-link';
import { boardCopy, leadViewsCopy, stageNames } from '../lead-copy';
import { totalsByCurrency } from '../lib/money-totals';
import { useStudioFormat } from '../lib/studio-format';
import { hrefFor } from '../routing/studio-route';
import { LeadFacts } from './lead-facts';

export type MoveDirection = 'back' | 'on';

/** What a drag carries: the lead's id, under a type of our own so nothing else drops here. */
const DRAG_TYPE = 'application/x-ember-lead';

type BoardColumnProps = {
  stage: LeadStage;
  items: readonly Enquiry[];
  isBusy: boolean;
  onMove: (enquiry: Enquiry, to: LeadStage, direction: MoveDirection) => void;
  /** A lead dragged here from any column, by id. */
  onDrop: (leadId: string, to: LeadStage) => void;
  nameOf: (email: string) => string;
  now: number;
};

const MOVE_BUTTON =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full border border-ink/25 px-3 text-xs font-semibold hover:border-ink/60 hover:bg-ink/5 disabled:opacity-60';

/** One stage of the board: its leads as cards, each with buttons to the stages beside it. */
export function BoardColumn({
  stage,
  items,
  isBusy,
  onMove,
  onDrop,
  nameOf,
  now,
}: BoardColumnProps) {
  const id = useId();
  const [isDropTarget, setIsDropTarget] = useState(false);
  const index = LEAD_STAGES.indexOf(stage);
  const before = LEAD_STAGES[index - 1];
  const after = LEAD_STAGES[index + 1];
  const totals = totalsByCurrency(
    items.map((item) => item.lead?.value ?? null),
    useStudioFormat(),
  );

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDropTarget(false);
    const leadId = event.dataTransfer.getData(DRAG_TYPE);
    if (leadId) onDrop(leadId, stage);
  }

  // Dragging is a pointer shortcut only: every move it makes is also a button on the card.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <section
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        setIsDropTarget(true);
      }}
      onDragLeave={() => setIsDropTarget(false)}
      onDrop={drop}
      className={`flex min-w-0 flex-col gap-3 rounded-2xl border bg-paper-sunk p-3 ${isDropTarget ? 'border-ember' : 'border-line'}`}
    >
      <h2 id={`${id}-title`} className="px-1 text-sm font-bold tracking-wide uppercase">
        {boardCopy.column(stageNames[stage], items.length)}
      </h2>
      {totals.length > 0 ? (
        <p className="px-1 text-sm font-semibold tabular-nums">{boardCopy.total(totals)}</p>
      ) : null}
      {items.length === 0 ? <p className="px-1 text-sm text-ink-muted">{boardCopy.empty}</p> : null}
      <ul className="flex flex-col gap-2">
        {items.map((enquiry) => (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
          <li
            key={enquiry.id}
            data-lead={enquiry.id}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(DRAG_TYPE, enquiry.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            className="flex cursor-grab flex-col gap-2 rounded-xl border border-line bg-paper-raised p-3"
          >
            <StudioLink
              href={hrefFor({ page: 'lead', id: enquiry.id })}
              className="font-semibold break-words text-ink underline-offset-4 hover:underline"
            >
              {enquiry.name}
            </StudioLink>
            <p className="text-xs text-ink-muted break-words">{enquiry.service}</p>
            <LeadFacts enquiry={enquiry} nameOf={nameOf} now={now} />
            {enquiry.lead?.hasNewReply ? (
              <p className="self-start rounded-full bg-ember px-2 py-0.5 text-xs font-bold text-on-ember">
                {leadViewsCopy.newReply}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {before ? (
                <button
                  type="button"
                  data-move="back"
                  disabled={isBusy}
                  aria-label={boardCopy.moveTo(enquiry.name, stageNames[before])}
                  onClick={() => onMove(enquiry, before, 'back')}
                  className={MOVE_BUTTON}
                >
                  <ArrowLeft aria-hidden="true" className="size-3.5" />
                  {stageNames[before]}
                </button>
              ) : null}
              {after ? (
                <button
                  type="button"
                  data-move="on"
                  disabled={isBusy}
                  aria-label={boardCopy.moveTo(enquiry.name, stageNames[after])}
                  onClick={() => onMove(enquiry, after, 'on')}
                  className={MOVE_BUTTON}
                >
                  {stageNames[after]}
                  <ArrowRight aria-hidden="true" className="size-3.5" />
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
