import { getSiteLive } from '../api/site-api';
import { AlertBanner } from '../components/alert-banner';
import { siteCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { useStudioFormat } from '../lib/studio-format';
import { describePath } from './field-paths';

const copy = siteCopy.liveProblem;

/**
 * Said above the editor while the published version cannot be made into the page (a field
 * this release's rules reject, a render that fails): which field, and that visitors still see
 * the previous page. Asked again after every publish (`publishes` counts them).
 */
export function LiveProblemBanner({ publishes }: { publishes: number }) {
  const format = useStudioFormat();
  const { data } = useApiData(`site-live:${publishes}`, getSiteLive);
  if (data.state !== 'ready' || data.data.problem === null) return null;
  const { problem } = data.data;
  return (
    <AlertBanner titleId="live-problem-title" title={copy.title} placement="box">
      <p>{copy.since(format.dateTime(problem.since))}</p>
      {problem.field === null ? null : (
        <p>{copy.field(`${describePath(problem.field)} (${problem.field})`)}</p>
      )}
      <p>{copy.reason(problem.message)}</p>
      <p>{copy.fix}</p>
    </AlertBanner>
  );
}
