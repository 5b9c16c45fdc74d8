import type { MouseEvent } from 'react';
import { siteCopy } from '../copy';
import { HISTORY_SECTION_ID } from './history-panel';
import { sectionIdFor } from './section-fieldset';

/** The editor's parts in the page's order, as the menu names them. */
const ENTRIES = [
  ...(['hero', 'services', 'portfolio', 'about', 'testimonials', 'contact', 'footer'] as const).map(
    (name) => ({ id: sectionIdFor(name), label: siteCopy.sections[name] }),
  ),
  { id: HISTORY_SECTION_ID, label: siteCopy.history.title },
];

/**
 * Jumps to a part of the long form. Focus moves with the view, so the keyboard goes on from
 * there; the address does not change, so the jump is not a history entry that back would undo.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (target === null) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

/** A row of links to every section of the editor; on a phone it scrolls sideways. */
export function SectionMenu() {
  return (
    <nav aria-label={siteCopy.sectionMenu} className="-mx-5 overflow-x-auto px-5">
      <ul className="flex gap-1 whitespace-nowrap">
        {ENTRIES.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(event) => jumpTo(event, id)}
              className="inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium text-ink-muted hover:bg-ink/5 hover:text-ink"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
