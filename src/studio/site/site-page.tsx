import { getSiteDraft } from '../api/site-api';
import { PageHeading } from '../components/page-heading';
import { siteCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { SiteEditor } from './site-editor';

/** The site's content: the draft is loaded once, then edited, saved, previewed and published. */
export function SitePage() {
  const { data } = useApiData('site-draft', getSiteDraft);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageHeading title={siteCopy.title} />
        <p className="mt-2 text-ink-muted">{siteCopy.intro}</p>
      </div>
      {data.state === 'ready' ? (
        <SiteEditor draft={data.data} />
      ) : (
        <p role="status" className={data.state === 'failed' ? 'text-danger' : 'text-ink-muted'}>
          {data.state === 'failed' ? data.message : siteCopy.loading}
        </p>
      )}
    </div>
  );
}
