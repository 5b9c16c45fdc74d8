import { BackToInbox } from '../components/back-to-inbox';
import { useEffect, type ReactNode } from 'react';
import { getDrafts, sendReply } from '../api/lead-api';
import { noteLeadOpened } from '../api/kept-lists';
import { getEnquiry, resendEnquiry, setEnquiryStatus } from '../api/studio-api';
import type { EnquiryDetail, EnquiryStatus } from '../api/types';
import { ApiDataState } from '../components/api-data-state';
import { PageHeading } from '../components/page-heading';
import { StatusLine } from '../components/status-line';
import { StudioLink } from '../components/studio-link';
import { bookingsCopy, enquiryCopy, folderName, statusNames } from '../copy';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { getMailbox } from '../api/settings-api';
import { MailboxLine } from '../components/mailbox-line';
import { useSession } from '../session/session-context';
import { leadViewsCopy, replyCopy, stageNames } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';
import { leadDraftsUrl, leadUrl, MAILBOX_URL } from '../routing/first-requests';
import { navigate } from '../routing/location-store';
import { hrefFor } from '../routing/studio-route';
import { AttributionLine } from './attribution-line';
import { DeliveryPanel } from './delivery-panel';
import { LeadFieldsForm } from './lead-fields-form';
import { LeadHistory } from './lead-history';
import { NotesPanel } from './notes-panel';
import { ReplyBox } from './reply-box';
import { SignInAgainDialog } from '../site/sign-in-again-dialog';
import { StatusActions } from './status-actions';
import { ThreadPanel } from './thread-panel';
import { useFollowThread } from './use-follow-thread';
import { useLeadDraft } from './use-lead-draft';

/** A mailto: link that opens the reader's mail client with the visitor as the recipient. */
function replyHref(email: string): string {
  const recipient = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${recipient}?subject=${encodeURIComponent(enquiryCopy.replySubject)}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/**
 * One enquiry as a lead: every field, the email thread with a reply box, its stage, owner,
 * follow-up and notes, and its email's fate. Opening it marks it read. Another enquiry is a
 * new screen: nothing half-written on one is carried to the next.
 */
export function LeadPage({ id }: { id: string }) {
  return <LeadScreen key={id} id={id} />;
}

function LeadScreen({ id }: { id: string }) {
  const format = useStudioFormat();
  const { data, update } = useApiData(id, (signal) => getEnquiry(id, signal), leadUrl(id));
  const { me } = useSession();
  const drafts = useApiData(`drafts:${id}`, (signal) => getDrafts(id, signal), leadDraftsUrl(id));
  const mailbox = useApiData('mailbox', getMailbox, MAILBOX_URL).data;
  const savedDraft = (kind: 'reply' | 'note') =>
    drafts.data.state === 'ready'
      ? (drafts.data.data.items.find((draft) => draft.kind === kind)?.text ?? '')
      : null;
  const owner = { email: me.staff.email, enquiryId: id };
  const replyDraft = useLeadDraft(owner, 'reply', savedDraft('reply'));
  const noteDraft = useLeadDraft(owner, 'note', savedDraft('note'));
  const status = useAction();
  const resend = useAction();
  const reply = useAction();
  const enquiry = data.state === 'ready' ? data.data : null;
  useFollowThread(enquiry, update);
  // An address with a joined enquiry's id (a booked call's, an older link's) opened the
  // person's lead: the address bar names the lead itself, so Back and a shared link agree.
  const leadId = enquiry?.id;
  useEffect(() => {
    if (leadId !== undefined && leadId !== id) {
      navigate(hrefFor({ page: 'lead', id: leadId }), { replace: true });
    }
  }, [id, leadId]);
  // Opened, a new lead is filed as read: the inbox kept for the way back shows it so.
  const filedAs = enquiry?.status;
  useEffect(() => {
    if (filedAs !== undefined) noteLeadOpened(id, filedAs);
  }, [id, filedAs]);

  function move(to: EnquiryStatus) {
    if (enquiry === null) return;
    const wasSpam = enquiry.status === 'spam';
    void status.run(async () => {
      const moved = await setEnquiryStatus(enquiry.id, to);
      // Leaving spam queues the email: fetch the delivery the server just created.
      const delivery = wasSpam ? (await getEnquiry(enquiry.id)).delivery : enquiry.delivery;
      update((current) => ({ ...current, ...moved, delivery }));
      return wasSpam ? enquiryCopy.notSpamDone : enquiryCopy.moved(statusNames[moved.status]);
    });
  }

  async function send(message: {
    text: string;
    cc: string[];
    files: readonly File[];
  }): Promise<string | null> {
    let replyId: string | null = null;
    await reply.run(async () => {
      const queued = await sendReply(id, message);
      replyId = queued.id;
      // Sending moves the lead on (a new one becomes contacted): show the server's whole view of it.
      const fresh = await getEnquiry(id);
      update(() => fresh);
      return replyCopy.queued;
    });
    return replyId;
  }

  function sendAgain() {
    if (enquiry === null) return;
    void resend.run(async () => {
      await resendEnquiry(enquiry.id);
      update((current): EnquiryDetail => ({
        ...current,
        delivery: current.delivery && { ...current.delivery, state: 'queued', lastError: null },
      }));
      return enquiryCopy.resent;
    });
  }

  return (
    <article className="flex flex-col gap-6">
      <BackToInbox />
      <PageHeading
        title={enquiry ? enquiry.name : enquiryCopy.title}
        documentTitle={enquiry ? `${enquiryCopy.title}: ${enquiry.name}` : enquiryCopy.title}
      />
      <ApiDataState data={data} loading={enquiryCopy.loading} />
      {enquiry ? (
        <>
          {enquiry.isReturning || enquiry.person ? (
            <div className="-mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              {enquiry.isReturning ? (
                <p className="rounded-full border border-ember px-2 py-0.5 text-xs font-bold text-ember">
                  {leadViewsCopy.returning}
                </p>
              ) : null}
              {enquiry.person ? (
                <StudioLink
                  href={hrefFor({ page: 'person', id: enquiry.person.id })}
                  className="text-ember underline underline-offset-4"
                >
                  {enquiryCopy.aboutPerson(enquiry.person.name)}
                </StudioLink>
              ) : null}
            </div>
          ) : null}
          <dl className="grid gap-4 rounded-2xl border border-line bg-paper-raised p-5 sm:grid-cols-2">
            <Field label={enquiryCopy.email}>
              <a
                href={replyHref(enquiry.email)}
                className="text-ember underline underline-offset-4"
              >
                {enquiry.email}
              </a>
            </Field>
            <Field label={enquiryCopy.service}>{enquiry.service}</Field>
            <Field label={enquiryCopy.received}>
              <time dateTime={enquiry.receivedAt}>{format.dateTime(enquiry.receivedAt)}</time>
            </Field>
            {enquiry.booking === null ? null : (
              <Field label={enquiryCopy.call}>
                <time dateTime={enquiry.booking.start}>
                  {format.date(enquiry.booking.start)}, {format.time(enquiry.booking.start)}–
                  {format.time(enquiry.booking.end)}
                </time>{' '}
                · {bookingsCopy.callStates[enquiry.booking.state]}
              </Field>
            )}
            <Field label={enquiryCopy.folder}>{folderName(enquiry.status)}</Field>
            <Field label={enquiryCopy.stage}>{stageNames[enquiry.stage]}</Field>
          </dl>
          <AttributionLine attribution={enquiry.attribution} receivedAt={enquiry.receivedAt} />
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
            <div className="flex min-w-0 flex-col gap-6">
              <section aria-labelledby="message-title">
                <h2 id="message-title" className="text-lg font-semibold">
                  {enquiryCopy.message}
                </h2>
                <p className="mt-2 leading-relaxed whitespace-pre-wrap break-words">
                  {enquiry.message}
                </p>
              </section>
              <ThreadPanel
                enquiryId={enquiry.id}
                thread={enquiry.thread}
                callEvents={enquiry.callEvents}
                canVerifySenders={enquiry.canVerifySenders}
              />
              {mailbox.state === 'ready' ? <MailboxLine mailbox={mailbox.data} /> : null}
              <ReplyBox
                name={enquiry.name}
                mailbox={mailbox.state === 'ready' ? mailbox.data : null}
                thread={enquiry.thread}
                isBusy={reply.isBusy}
                outcome={reply.outcome}
                draft={replyDraft}
                onSend={send}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <LeadFieldsForm
                enquiryId={enquiry.id}
                fields={enquiry}
                onSaved={(fields) => update((current) => ({ ...current, ...fields }))}
              />
              <LeadHistory calls={enquiry.calls} earlier={enquiry.earlier} />
              <div className="flex flex-col gap-3">
                <StatusActions
                  status={enquiry.status}
                  isBusy={status.isBusy}
                  outcome={status.outcome}
                  onMove={move}
                />
              </div>
              <NotesPanel
                enquiryId={enquiry.id}
                notes={enquiry.notes}
                draft={noteDraft}
                onAdded={(note) =>
                  update((current) => ({ ...current, notes: [...current.notes, note] }))
                }
              />
              <DeliveryPanel
                delivery={enquiry.delivery}
                isBusy={resend.isBusy}
                onResend={sendAgain}
              />
              <StatusLine status={resend.outcome} />
            </div>
          </div>
        </>
      ) : null}
      {replyDraft.state.kind === 'signedOut' || noteDraft.state.kind === 'signedOut' ? (
        <SignInAgainDialog
          email={me.staff.email}
          onSignedIn={() => {
            replyDraft.saveNow();
            noteDraft.saveNow();
          }}
        />
      ) : null}
    </article>
  );
}
