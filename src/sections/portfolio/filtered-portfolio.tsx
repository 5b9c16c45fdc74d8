import { useState } from 'react';
import type { ImageType } from '../../../common/site-content-rules';
import {
  arrayOf,
  isNumber,
  isText,
  objectOf,
  oneOf,
  type Checked,
} from '../../islands/check-props';
import { Picture } from '../../components/picture';

/** The document's image types, spelled out: the schema's module would bring zod into the island. */
const IMAGE_TYPES = [
  'image/avif',
  'image/webp',
  'image/jpeg',
] as const satisfies readonly ImageType[];

/** An image as the content document describes it, from the build or uploaded in the studio. */
const isContentImage = objectOf({
  width: isNumber,
  height: isNumber,
  sources: arrayOf(objectOf({ url: isText, width: isNumber, type: oneOf(IMAGE_TYPES) })),
});

export const isFilteredPortfolioProps = objectOf({
  groupLabel: isText,
  /** The first filter is the one shown before any choice. */
  filters: arrayOf(objectOf({ name: isText, countText: isText, itemIds: arrayOf(isText) })),
  items: arrayOf(
    objectOf({
      id: isText,
      title: isText,
      category: isText,
      description: isText,
      image: isContentImage,
      imageAlt: isText,
    }),
  ),
});
export type FilteredPortfolioProps = Checked<typeof isFilteredPortfolioProps>;

/** The filter buttons, the count they announce and the projects they show. */
export function FilteredPortfolio({ groupLabel, filters, items }: FilteredPortfolioProps) {
  const [chosen, setChosen] = useState(filters[0]?.name);
  const filter = filters.find((candidate) => candidate.name === chosen);
  const shownItems = items.filter((item) => filter?.itemIds.includes(item.id));
  return (
    <>
      <div
        role="group"
        aria-label={groupLabel}
        className="mt-12 flex flex-wrap justify-center gap-2 no-js:hidden"
      >
        {filters.map(({ name }) => (
          <button
            key={name}
            type="button"
            aria-pressed={chosen === name}
            onClick={() => setChosen(name)}
            className="min-h-11 rounded-full border border-line px-5 text-sm font-semibold text-ink-muted transition-colors hover:border-ink/40 hover:text-ink aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-paper"
          >
            {name}
          </button>
        ))}
      </div>
      <p role="status" className="mt-6 text-center text-sm text-ink-muted">
        {filter?.countText}
      </p>
      <ul className="mt-10 grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
        {shownItems.map((item) => (
          <li key={item.id} className="render-near-viewport">
            <article>
              <div className="aspect-[4/3] overflow-hidden rounded-3xl bg-paper-sunk">
                <Picture
                  image={item.image}
                  alt={item.imageAlt}
                  sizes="(min-width: 1024px) 352px, (min-width: 640px) 45vw, 92vw"
                  className="size-full object-cover"
                />
              </div>
              <p className="mt-5 text-xs font-semibold tracking-[0.16em] text-ember uppercase">
                {item.category}
              </p>
              <h3 className="mt-2 font-display text-2xl font-semibold">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{item.description}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
