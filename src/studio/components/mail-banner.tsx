import type { MailHealth } from '../api/types';
import { mailBannerCopy } from '../copy';
import { useStudioFormat } from '../lib/studio-format';
import { AlertBanner } from './alert-banner';

/** Said on every screen while the outbox cannot deliver: the studio hears it here first. */
export function MailBanner({ mail }: { mail: MailHealth }) {
  const format = useStudioFormat();
  if (!mail.isFailing) return null;
  return (
    <AlertBanner titleId="mail-banner-title" title={mailBannerCopy.title} placement="page">
      <p>
        {mail.failingSince
          ? mailBannerCopy.since(format.dateTime(mail.failingSince))
          : mailBannerCopy.sinceUnknown}
        {mail.givenUp > 0 ? ` ${mailBannerCopy.givenUp(mail.givenUp)}` : null}
      </p>
      <p>{mailBannerCopy.kept}</p>
    </AlertBanner>
  );
}
