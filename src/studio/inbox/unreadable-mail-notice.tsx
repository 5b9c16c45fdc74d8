import { Download } from 'lucide-react';
import { LEAD_LIMITS } from '../../../common/leads';
import type { UnreadableMail } from '../../../common/unreadable-mail';
import {
  dismissUnreadableMail,
  listUnreadableMail,
  unreadableMailHref,
} from '../api/unreadable-mail-api';
import { AlertBanner } from '../components/alert-banner';
import { BUTTON } from '../components/button-classes';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { formatSize, unreadableMailCopy as copy } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';

function UnreadableItem({
  mail,
  isBusy,
  onDismiss,
}: {
  mail: UnreadableMail;
  isBusy: boolean;
  onDismiss: () => void;
}) {
  const format = useStudioFormat();
  const summaryId = `unreadable-${mail.id}`;
  return (
    <li className="flex flex-col gap-2 border-t border-danger/30 pt-3">
      <div id={summaryId}>
        <p className="font-semibold break-words">{mail.from ?? copy.unknownSender}</p>
        <p className="break-words">{mail.subject ?? copy.noSubject}</p>
        <p className="text-ink-muted">
          {copy.received(format.dateTime(mail.receivedAt), formatSize(mail.size))}
        </p>
      </div>
      <p>{mail.reason}</p>
      {/* The watch keeps at most what it keeps of any message; the mailbox has the rest. */}
      {mail.size > LEAD_LIMITS.messageBytes ? (
        <p>{copy.cut(formatSize(LEAD_LIMITS.messageBytes))}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <a
          href={unreadableMailHref(mail.id)}
          download
          aria-describedby={summaryId}
          className={BUTTON.secondary}
        >
          <Download aria-hidden="true" className="size-4" />
          {copy.download}
        </a>
        <button
          type="button"
          disabled={isBusy}
          onClick={onDismiss}
          aria-describedby={summaryId}
          className={BUTTON.danger}
        >
          {copy.dismiss}
        </button>
      </div>
    </li>
  );
}

/**
 * Said above the enquiries while the mailbox holds mail that reached no lead: each message,
 * its raw copy to download, and a way to dismiss it. Nothing while there is none, or while the
 * list cannot be had (the inbox below says what is wrong with the studio).
 */
export function UnreadableMailNotice() {
  const { data, update } = useApiData('unreadable-mail', listUnreadableMail);
  const dismissal = useAction();
  const items = data.state === 'ready' ? data.data.items : [];

  async function dismiss(id: string) {
    await dismissal.run(async () => {
      await dismissUnreadableMail(id);
      update((current) => ({ items: current.items.filter((item) => item.id !== id) }));
      return copy.dismissed;
    });
  }

  return (
    <>
      {items.length > 0 ? (
        <AlertBanner
          titleId="unreadable-mail-title"
          title={copy.title(items.length)}
          placement="box"
        >
          <p>{copy.intro}</p>
          <ul className="mt-3 flex flex-col gap-3">
            {items.map((mail) => (
              <UnreadableItem
                key={mail.id}
                mail={mail}
                isBusy={dismissal.isBusy}
                onDismiss={() => void dismiss(mail.id)}
              />
            ))}
          </ul>
        </AlertBanner>
      ) : null}
      <StatusLine status={dismissal.outcome} takesFocus />
    </>
  );
}
