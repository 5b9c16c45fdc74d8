import { useMemo, useRef } from 'react';
import { arrayOf, isNumber, isText, objectOf, type Checked } from '../../islands/check-props';
import { useCountUp } from './use-count-up';

export const isCountersProps = objectOf({
  counters: arrayOf(objectOf({ id: isText, label: isText, target: isNumber, suffix: isText })),
});
export type CountersProps = Checked<typeof isCountersProps>;

/** The studio's numbers, counting up once as the section around them comes into view. */
export function Counters({ counters }: CountersProps) {
  const listRef = useRef<HTMLDListElement>(null);
  const targets = useMemo(() => counters.map((counter) => counter.target), [counters]);
  const values = useCountUp(targets, listRef);
  return (
    <dl ref={listRef} className="mt-12 grid grid-cols-3 gap-6 border-t border-line pt-10">
      {counters.map((counter, index) => (
        <div key={counter.id} className="flex flex-col gap-2">
          <dt className="text-sm leading-snug text-ink-muted">{counter.label}</dt>
          <dd className="order-first font-display text-4xl font-semibold text-ember sm:text-5xl">
            <span aria-hidden="true">
              {values[index]}
              {counter.suffix}
            </span>
            <span className="sr-only">
              {counter.target}
              {counter.suffix}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
