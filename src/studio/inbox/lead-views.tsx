import { StudioLink } from '../components/studio-link';
import { leadViewsCopy } from '../lead-copy';
import { hrefFor, type StudioRoute } from '../routing/studio-route';

export type View = 'inbox' | 'due' | 'mine' | 'waiting' | 'board';

const VIEWS: readonly { view: View; label: string; route: StudioRoute }[] = [
  { view: 'inbox', label: leadViewsCopy.all, route: { page: 'inbox', filters: {} } },
  { view: 'due', label: leadViewsCopy.due, route: { page: 'inbox', filters: { view: 'due' } } },
  { view: 'mine', label: leadViewsCopy.mine, route: { page: 'inbox', filters: { owner: 'me' } } },
  { view: 'waiting', label: leadViewsCopy.waiting, route: { page: 'waiting' } },
  { view: 'board', label: leadViewsCopy.board, route: { page: 'board' } },
];

/**
 * The ways to look at the enquiries: the list, the follow-ups due, one's own leads, who waits
 * for us, the stages board.
 */
export function LeadViews({ current }: { current: View }) {
  return (
    // One row on a phone too, scrolling sideways rather than wrapping onto a second.
    <nav aria-label={leadViewsCopy.label}>
      <ul className="flex gap-x-5 gap-y-1 max-sm:overflow-x-auto border-b border-line sm:flex-wrap">
        {VIEWS.map(({ view, label, route }) => (
          <li key={view} className="shrink-0">
            <StudioLink
              href={hrefFor(route)}
              aria-current={view === current ? 'page' : undefined}
              className="-mb-px inline-flex min-w-11 justify-center whitespace-nowrap max-sm:mb-0 min-h-11 items-center border-b-3 border-transparent text-sm font-semibold text-ink-muted hover:text-ink aria-[current=page]:border-ember aria-[current=page]:text-ink"
            >
              {label}
            </StudioLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
