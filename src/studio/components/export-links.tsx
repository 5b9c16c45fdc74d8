import { Download } from 'lucide-react';
import type { ExportFormat } from '../api/types';
import { inboxCopy } from '../copy';

type ExportLinksProps = { label: string; hrefFor: (format: ExportFormat) => string };

const FORMATS: readonly { format: ExportFormat; name: string }[] = [
  { format: 'csv', name: inboxCopy.exportCsv },
  { format: 'json', name: inboxCopy.exportJson },
];

/** Plain download links: the browser fetches the file with the session cookie. */
export function ExportLinks({ label, hrefFor }: ExportLinksProps) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <Download aria-hidden="true" className="size-4 text-ink-muted" />
      <span className="text-ink-muted">{label}:</span>
      {FORMATS.map(({ format, name }) => (
        <a
          key={format}
          href={hrefFor(format)}
          download
          aria-label={`${label} as ${name}`}
          className="inline-flex min-h-11 items-center font-semibold text-ember underline underline-offset-4 hover:text-ember-strong"
        >
          {name}
        </a>
      ))}
    </p>
  );
}
