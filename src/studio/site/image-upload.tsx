import type { ChangeEvent } from 'react';
import type { ContentImage } from '../../../common/site-content-rules';
import { uploadMedia } from '../api/site-api';
import { errorIdFor } from '../../components/field-shell';
import { StatusLine } from '../components/status-line';
import { siteCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { readAt } from './content-paths';
import { fieldIdFor } from './field-paths';
import { useSiteForm } from './site-form-context';

/** The smallest file of the image: enough for a thumbnail, in a format every browser shows. */
function thumbnailOf(image: ContentImage) {
  const jpegs = image.sources.filter((source) => source.type === 'image/jpeg');
  return [...(jpegs.length > 0 ? jpegs : image.sources)].sort((a, b) => a.width - b.width)[0];
}

const isImage = (value: unknown): value is ContentImage =>
  typeof value === 'object' && value !== null && 'sources' in value && Array.isArray(value.sources);

/**
 * An image of the document: a thumbnail of the current one and a file input that uploads a new
 * one (the server strips its metadata and makes every width the page uses), which then takes
 * its place in the draft.
 */
export function ImageUpload({ path }: { path: string }) {
  const form = useSiteForm();
  const upload = useAction();
  const stored = readAt(form.content, path);
  const image = isImage(stored) ? stored : null;
  const thumbnail = image ? thumbnailOf(image) : undefined;
  const id = fieldIdFor(path);
  const error = form.errorWithin(path);
  const hintId = `${id}-hint`;

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    await upload.run(async () => {
      const { width, height, sources } = await uploadMedia(file);
      form.setField(path, { width, height, sources });
      return siteCopy.image.uploaded;
    });
    input.value = '';
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {siteCopy.image.choose}
      </label>
      <p id={hintId} className="-mt-1 text-sm text-ink-muted">
        {siteCopy.image.hint}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {thumbnail ? (
          <img
            src={thumbnail.url}
            width={image?.width}
            height={image?.height}
            alt=""
            className="h-20 w-auto max-w-32 rounded-lg border border-line object-cover"
          />
        ) : (
          <p className="text-sm text-ink-muted">{siteCopy.image.none}</p>
        )}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={upload.isBusy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorIdFor(id)}` : hintId}
          onChange={(event) => void onChange(event)}
          className="min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-ink/25 file:bg-transparent file:px-4 file:font-semibold file:text-ink"
        />
      </div>
      {upload.isBusy ? <p className="text-sm text-ink-muted">{siteCopy.image.uploading}</p> : null}
      <StatusLine status={upload.outcome} />
      {error ? (
        <p id={errorIdFor(id)} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
