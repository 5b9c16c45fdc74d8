import { TriangleAlert } from 'lucide-react';
import { getSiteLive } from '../api/site-api';
import { siteCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { formatTime } from '../lib/format-time';
import { describePath } from './field-paths';

const copy = siteCopy.liveProblem;

/**
 * Said above the editor while the published version cannot be made into the page (a field
 * this release's rules reject, a render that fails): which field, and that visitors still see
 * the previous page. Asked again after every publish (`publishes` counts them).
 */
export function LiveProblemBanner({ publishes }: { publishes: number }) {
  const { data } = useApiData(`site-live:${publishes}`, getSiteLive);
  if (data.state !== 'ready' || data.data.problem === null) return null;
  const { problem } = data.data;
  return (
    <section
      aria-labelledby="live-problem-title"
      className="rounded-md border-2 border-danger bg-danger/10 px-5 py-4 text-ink"
    >
      <div className="flex gap-3">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div className="space-y-1 text-sm leading-relaxed">
          <h2 id="live-problem-title" className="text-base font-semibold">
            {copy.title}
          </h2>
          <p>{copy.since(formatTime(problem.since))}</p>
          {problem.field === null ? null : (
            <p>{copy.field(`${describePath(problem.field)} (${problem.field})`)}</p>
          )}
          <p>{copy.reason(problem.message)}</p>
          <p>{copy.fix}</p>
        </div>
      </div>
    </section>
  );
}
