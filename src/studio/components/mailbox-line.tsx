import type { MailboxState } from '../../../common/studio-settings';
import { getMailbox } from '../api/settings-api';
import { mailboxCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { MAILBOX_URL } from '../routing/first-requests';
import { useStudioFormat } from '../lib/studio-format';

/**
 * One line saying whether the client's answers come back into the studio: connected and when
 * the mailbox was last read, why it cannot be read, or that there is none and where answers go.
 */
export function MailboxLine({ mailbox }: { mailbox: MailboxState }) {
  const { connected, address, lastCheckedAt, error } = mailbox;
  const format = useStudioFormat();
  const tone = connected ? 'text-ink-muted' : 'text-danger';
  return (
    <p className={`text-sm ${tone}`} data-testid="mailbox-line">
      {connected && lastCheckedAt !== null ? (
        <>
          {mailboxCopy.connected(address)}{' '}
          <time dateTime={lastCheckedAt}>{format.dateTime(lastCheckedAt)}</time>.
        </>
      ) : error !== null ? (
        mailboxCopy.failing(error)
      ) : (
        mailboxCopy.none(address)
      )}
    </p>
  );
}

/** The mailbox's line, loaded on its own: for pages that need nothing else of it. */
export function MailboxNotice() {
  const { data } = useApiData('mailbox', getMailbox, MAILBOX_URL);
  return data.state === 'ready' ? <MailboxLine mailbox={data.data} /> : null;
}
