import { useState, type ChangeEvent } from 'react';
import { MAX_UPLOAD_BYTES, type ContentImage } from '../../../common/site-content-rules';
import { uploadMedia } from '../api/site-api';
import { errorIdFor } from '../../components/field-shell';
import { BUTTON } from '../components/button-classes';
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

const formatMegabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

const isImage = (value: unknown): value is ContentImage =>
  typeof value === 'object' && value !== null && 'sources' in value && Array.isArray(value.sources);

/**
 * An image of the document: the current one, shown as such, and a button-like label that
 * uploads a new one in its place (the server strips its metadata and makes every width the
 * page uses). A file over the limit is refused here, before a byte is sent.
 */
export function ImageUpload({ path }: { path: string }) {
  const form = useSiteForm();
  const upload = useAction();
  const [refusal, setRefusal] = useState<string | null>(null);
  const stored = readAt(form.content, path);
  const image = isImage(stored) ? stored : null;
  const thumbnail = image ? thumbnailOf(image) : undefined;
  const id = fieldIdFor(path);
  const error = refusal ?? form.errorWithin(path);
  const hintId = `${id}-hint`;

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      setRefusal(siteCopy.image.tooLarge(formatMegabytes(file.size)));
      return;
    }
    setRefusal(null);
    await upload.run(async () => {
      const { width, height, sources } = await uploadMedia(file);
      form.setField(path, { width, height, sources });
      return siteCopy.image.uploaded;
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold">{siteCopy.fields.image}</p>
      <p id={hintId} className="-mt-1 text-sm text-ink-muted">
        {siteCopy.image.hint}
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {thumbnail ? (
          <figure className="flex flex-col gap-1">
            <img
              src={thumbnail.url}
              width={image?.width}
              height={image?.height}
              alt=""
              className="h-20 w-auto max-w-32 rounded-lg border border-line object-cover"
            />
            <figcaption className="text-xs text-ink-muted">{siteCopy.image.preview}</figcaption>
          </figure>
        ) : (
          <p className="text-sm text-ink-muted">{siteCopy.image.none}</p>
        )}
        <div>
          {/* The input is hidden but focusable; its label is the visible control. */}
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            disabled={upload.isBusy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorIdFor(id)}` : hintId}
            onChange={(event) => void onChange(event)}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className={`${BUTTON.secondary} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ember peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:border-ink-muted peer-disabled:text-ink-muted`}
          >
            {thumbnail ? siteCopy.image.replace : siteCopy.image.choose}
          </label>
        </div>
      </div>
      {upload.isBusy ? (
        <div className="flex items-center gap-3">
          <progress aria-label={siteCopy.image.uploading} className="h-2 w-40 accent-ember" />
          <span className="text-sm text-ink-muted">{siteCopy.image.uploading}</span>
        </div>
      ) : null}
      <StatusLine status={upload.outcome} />
      {error ? (
        <p id={errorIdFor(id)} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
