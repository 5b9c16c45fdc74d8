import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Across the whole page under the studio's header, or as a box within a page's column. */
const PLACEMENTS = {
  page: { frame: 'border-b-2', inner: 'mx-auto flex max-w-5xl gap-3' },
  box: { frame: 'rounded-md border-2', inner: 'flex gap-3' },
} as const;

/**
 * Something is wrong that staff must know of: a region named by its heading, with a warning
 * sign, and what to know about it in `children` (paragraphs).
 */
export function AlertBanner({
  titleId,
  title,
  placement,
  children,
}: {
  titleId: string;
  title: string;
  placement: keyof typeof PLACEMENTS;
  children: ReactNode;
}) {
  const { frame, inner } = PLACEMENTS[placement];
  return (
    <section
      aria-labelledby={titleId}
      className={`${frame} border-danger bg-danger/10 px-5 py-4 text-ink`}
    >
      <div className={inner}>
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div className="space-y-1 text-sm leading-relaxed">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}
