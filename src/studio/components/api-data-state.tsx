import type { ApiData } from '../hooks/use-api-data';

type ApiDataStateProps = {
  data: ApiData<unknown>;
  /** Said while the data loads. */
  loading: string;
};

/** What a screen says until its data is ready: that it is loading, or why it failed. */
export function ApiDataState({ data, loading }: ApiDataStateProps) {
  if (data.state === 'loading') return <p role="status">{loading}</p>;
  if (data.state === 'failed') {
    return (
      <p role="alert" className="text-danger">
        {data.message}
      </p>
    );
  }
  return null;
}
