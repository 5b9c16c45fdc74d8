import { getSettings } from '../api/settings-api';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { settingsCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { SettingsForm } from './settings-form';

/** The studio's settings: the acknowledgement every enquiry gets, and how dates and money read. */
export function SettingsPage() {
  const { data } = useApiData('settings-page', getSettings);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={settingsCopy.title} />
      <ApiDataState data={data} loading={settingsCopy.loading} />
      {data.state === 'ready' ? <SettingsForm initial={data.data} /> : null}
    </div>
  );
}
