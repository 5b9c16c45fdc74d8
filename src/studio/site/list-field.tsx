import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import { fieldIdFor } from './field-paths';
import { ItemFieldset } from './item-fieldset';
import { useSiteForm } from './site-form-context';
import { readAt } from './content-paths';
import { moveItem } from './move-item';

type ListFieldProps<T> = {
  path: string;
  legend: string;
  /** What one item is called: "Testimonial" → "Testimonial 2: Ann Lee". */
  itemName: string;
  titleOf: (item: T) => string;
  createItem: (items: readonly T[]) => T;
  max: number;
  renderItem: (itemPath: string, index: number) => ReactNode;
};

/** Where focus goes once the list has re-rendered after a change. */
type FocusTarget = { index: number; part: 'up' | 'down' | 'first' } | { index: -1; part: 'add' };

const keyOf = (item: unknown, index: number) =>
  typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'string'
    ? item.id
    : String(index);

/**
 * A list of the document (projects, testimonials, links): each item in its own fieldset with
 * buttons to move it up or down and to remove it, and a button to add one at the end. Focus
 * follows the item that moved, and each change is said in the live region.
 */
export function ListField<T>(props: ListFieldProps<T>) {
  const { path, legend, itemName, titleOf, createItem, max, renderItem } = props;
  const form = useSiteForm();
  const stored = readAt(form.content, path);
  const items = (Array.isArray(stored) ? stored : []) as T[];
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const error = form.errorAt(path);

  useEffect(() => {
    if (focus === null) return;
    if (focus.part === 'add') addRef.current?.focus();
    else {
      const item = listRef.current?.children[focus.index];
      const selector =
        focus.part === 'first' ? 'input, textarea, select' : `[data-move="${focus.part}"]`;
      const target = item?.querySelector<HTMLElement>(selector);
      // At either end the button just used is disabled: its neighbour takes focus instead.
      if (target && !target.hasAttribute('disabled')) target.focus();
      else item?.querySelector<HTMLElement>('[data-move]:not([disabled])')?.focus();
    }
  }, [focus]);

  const nameOf = (index: number) => {
    const item = items[index];
    return siteCopy.item(itemName, index + 1, item === undefined ? '' : titleOf(item));
  };

  function move(from: number, to: number) {
    const name = nameOf(from);
    form.setField(path, moveItem(items, from, to));
    form.announce(siteCopy.moved(name, to + 1));
    setFocus({ index: to, part: to < from ? 'up' : 'down' });
  }

  function remove(index: number) {
    const name = nameOf(index);
    form.setField(
      path,
      items.filter((_, position) => position !== index),
    );
    form.announce(siteCopy.removed(name));
    setFocus({ index: -1, part: 'add' });
  }

  function add() {
    form.setField(path, [...items, createItem(items)]);
    form.announce(siteCopy.added(itemName));
    setFocus({ index: items.length, part: 'first' });
  }

  return (
    <fieldset
      id={fieldIdFor(path)}
      tabIndex={-1}
      className="flex flex-col gap-4 focus:outline-none"
    >
      <legend className="text-base font-semibold">{legend}</legend>
      {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
      {items.length === 0 ? <p className="text-sm text-ink-muted">{siteCopy.empty}</p> : null}
      <ol ref={listRef} className="flex flex-col gap-4">
        {items.map((item, index) => {
          const name = nameOf(index);
          return (
            <li key={keyOf(item, index)}>
              <ItemFieldset legend={name}>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    data-move="up"
                    aria-label={siteCopy.moveUp(name)}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    className={BUTTON.icon}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    data-move="down"
                    aria-label={siteCopy.moveDown(name)}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                    className={BUTTON.icon}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    aria-label={siteCopy.remove(name)}
                    onClick={() => remove(index)}
                    className={`${BUTTON.icon} ml-auto border-danger/60 text-danger hover:bg-danger/10`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
                {renderItem(`${path}.${index}`, index)}
              </ItemFieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={addRef}
          type="button"
          disabled={items.length >= max}
          onClick={add}
          className={`${BUTTON.secondary} self-start`}
        >
          <Plus aria-hidden="true" className="size-4" />
          {siteCopy.add(itemName)}
        </button>
        {items.length >= max ? (
          <p className="text-sm text-ink-muted">{siteCopy.full(max)}</p>
        ) : null}
      </div>
    </fieldset>
  );
}
