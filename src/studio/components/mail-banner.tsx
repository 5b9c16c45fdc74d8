import { TriangleAlert } from 'lucide-react';
import type { MailHealth } from '../api/types';
import { mailBannerCopy } from '../copy';
import { formatTime } from '../lib/format-time';

/** Said on every screen while the outbox cannot deliver: the studio hears it here first. */
export function MailBanner({ mail }: { mail: MailHealth }) {
  if (!mail.isFailing) return null;
  return (
    <section
      aria-labelledby="mail-banner-title"
      className="border-b-2 border-danger bg-danger/10 px-5 py-4 text-ink"
    >
      <div className="mx-auto flex max-w-5xl gap-3">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div className="space-y-1 text-sm leading-relaxed">
          <h2 id="mail-banner-title" className="text-base font-semibold">
            {mailBannerCopy.title}
          </h2>
          <p>
            {mail.failingSince
              ? mailBannerCopy.since(formatTime(mail.failingSince))
              : mailBannerCopy.sinceUnknown}
            {mail.givenUp > 0 ? ` ${mailBannerCopy.givenUp(mail.givenUp)}` : null}
          </p>
          <p>{mailBannerCopy.kept}</p>
        </div>
      </div>
    </section>
  );
}
