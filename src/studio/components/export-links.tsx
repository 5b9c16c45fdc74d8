import { Download } from 'lucide-react';
import { useState } from 'react';
import { ReauthenticationForm } from '../account/reauthentication-form';
import type { ExportFormat } from '../api/types';
import { inboxCopy } from '../copy';
import { StatusLine, type StatusMessage } from './status-line';

type ExportLinksProps = { label: string; hrefFor: (format: ExportFormat) => string };

const FORMATS: readonly { format: ExportFormat; name: string }[] = [
  { format: 'csv', name: inboxCopy.exportCsv },
  { format: 'json', name: inboxCopy.exportJson },
];

/** The file name the server gave the export, or a plain one. */
function fileNameOf(response: Response, format: ExportFormat): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? `export.${format}`;
}

/** Hands the downloaded file to the browser as a download, as the link itself would. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

type Outcome = 'saved' | 'needs-proof' | 'failed';

async function download(href: string, format: ExportFormat): Promise<Outcome> {
  try {
    const response = await fetch(href, { headers: { Accept: 'text/csv, application/json' } });
    if (response.status === 403) {
      const body: unknown = await response.json().catch(() => null);
      const code = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
      if (code === 'reauthentication_required') return 'needs-proof';
    }
    if (!response.ok) return 'failed';
    saveFile(await response.blob(), fileNameOf(response, format));
    return 'saved';
  } catch {
    return 'failed';
  }
}

/**
 * Download links that fetch the file with the session cookie. An export hands over everyone's
 * details, so the server asks for a fresh proof: the links then ask for the password, and
 * download once it is given.
 */
export function ExportLinks({ label, hrefFor }: ExportLinksProps) {
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [status, setStatus] = useState<StatusMessage>(null);

  async function exportAs(format: ExportFormat) {
    setStatus(null);
    const outcome = await download(hrefFor(format), format);
    if (outcome === 'needs-proof') setPending(format);
    else setPending(null);
    if (outcome === 'failed') setStatus({ tone: 'failed', message: inboxCopy.exportFailed });
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Download aria-hidden="true" className="size-4 text-ink-muted" />
        <span className="text-ink-muted">{label}:</span>
        {FORMATS.map(({ format, name }) => (
          <a
            key={format}
            href={hrefFor(format)}
            download
            aria-label={`${label} as ${name}`}
            onClick={(event) => {
              event.preventDefault();
              void exportAs(format);
            }}
            className="inline-flex min-h-11 items-center font-semibold text-ember underline underline-offset-4 hover:text-ember-strong"
          >
            {name}
          </a>
        ))}
      </p>
      {pending === null ? null : (
        <ReauthenticationForm
          intro={inboxCopy.exportProofIntro}
          submitLabel={inboxCopy.exportProofSubmit}
          onProven={() => void exportAs(pending)}
          onCancel={() => {
            setPending(null);
            setStatus({ tone: 'info', message: inboxCopy.exportCancelled });
          }}
        />
      )}
      <StatusLine status={status} />
    </div>
  );
}
