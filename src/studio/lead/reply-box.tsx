import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useWordsTypedBeforeTheApp } from '../hooks/use-words-typed-before-the-app';
import { LEAD_LIMITS, type ThreadMessage } from '../../../common/leads';
import type { MailboxState } from '../../../common/studio-settings';
import { CONTROL_CLASS } from '../../components/field-shell';
import { BUTTON } from '../components/button-classes';
import { StatusLine, type StatusMessage } from '../components/status-line';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { useLeaveWarning } from '../hooks/use-leave-warning';
import { replyCopy } from '../lead-copy';
import { DraftStatus } from './draft-status';
import { SavedReplyPicker } from './saved-reply-picker';
import type { LeadDraftField } from './use-lead-draft';

type ReplyBoxProps = {
  name: string;
  /** Whether the client's answers come back here; null while it is not known. */
  mailbox: MailboxState | null;
  thread: readonly ThreadMessage[];
  isBusy: boolean;
  outcome: StatusMessage;
  /** The reply as typed so far, kept on the server until it is sent or discarded. */
  draft: LeadDraftField;
  /** Sends the reply; resolves with the new message's id, or null when it was refused. */
  onSend: (reply: { text: string; cc: string[]; files: readonly File[] }) => Promise<string | null>;
};

/** What became of the reply just sent, once the thread knows more than "queued". */
function followUp(message: ThreadMessage | undefined): StatusMessage {
  switch (message?.state) {
    case 'sent':
      return { tone: 'done', message: replyCopy.sent };
    case 'retrying':
      return { tone: 'failed', message: replyCopy.retrying(message.reason ?? '') };
    case 'failed':
      return { tone: 'failed', message: replyCopy.failed(message.reason ?? '') };
    default:
      return null;
  }
}

/**
 * A plain-text reply, with the studio's saved replies to start from, and Send. After Send,
 * focus goes to the line saying what happened; that line follows the reply to "sent".
 */
/** The addresses typed into CC, split at commas, semicolons or spaces. */
function readCc(typed: string): string[] {
  return typed.split(/[\s,;]+/).filter((address) => address !== '');
}

/** Where the client's answer will go, in the studio's words; nothing while it is not known. */
function answerHint(mailbox: MailboxState | null): string {
  if (mailbox === null) return '';
  return mailbox.connected ? replyCopy.answersHere : replyCopy.answersElsewhere(mailbox.address);
}

export function ReplyBox({ name, mailbox, thread, isBusy, outcome, draft, onSend }: ReplyBoxProps) {
  const id = useId();
  const { text } = draft;
  const [cc, setCc] = useState('');
  const [files, setFiles] = useState<readonly File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const [lastReplyId, setLastReplyId] = useState<string | null>(null);
  const [problem, setProblem] = useState<StatusMessage>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  useWordsTypedBeforeTheApp(textArea, text, draft.change);
  const [statusLine, focusStatusLine] = useFocusAfterRender<HTMLParagraphElement>();
  // The draft the server keeps is the words alone (docs/decisions/0076): what only this screen
  // holds, the files and the CC, is asked about before it is left, never dropped in silence.
  const holdsUnsent = files.length > 0 || cc.trim() !== '';
  useLeaveWarning(holdsUnsent ? replyCopy.unsentFilesWarning : null);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem({ tone: 'failed', message: replyCopy.empty });
      textArea.current?.focus();
      return;
    }
    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    if (bytes > LEAD_LIMITS.messageBytes) {
      setProblem({ tone: 'failed', message: replyCopy.tooLarge });
      fileInput.current?.focus();
      return;
    }
    setProblem(null);
    const replyId = await onSend({ text, cc: readCc(cc), files });
    if (replyId !== null) {
      void draft.discard();
      setCc('');
      setFiles([]);
      if (fileInput.current !== null) fileInput.current.value = '';
      setLastReplyId(replyId);
    }
    focusStatusLine();
  }

  function insert(savedText: string) {
    draft.change(text.trim() === '' ? savedText : `${text.trimEnd()}\n\n${savedText}`);
    textArea.current?.focus();
  }

  const sentReply = thread.find((message) => message.id === lastReplyId);
  const status =
    problem ?? (outcome?.tone === 'failed' ? outcome : (followUp(sentReply) ?? outcome));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-line bg-paper-raised p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {replyCopy.title}
      </h2>
      <SavedReplyPicker onInsert={insert} />
      <form onSubmit={(event) => void send(event)} className="mt-4 flex flex-col gap-3" noValidate>
        <label htmlFor={`${id}-text`} className="text-sm font-semibold">
          {replyCopy.label(name)}
        </label>
        <p id={`${id}-hint`} className="-mt-2 text-sm text-ink-muted">
          {replyCopy.hint} {answerHint(mailbox)}
        </p>
        <textarea
          ref={textArea}
          id={`${id}-text`}
          rows={6}
          maxLength={LEAD_LIMITS.replyLength}
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(event) => draft.change(event.target.value)}
          className={CONTROL_CLASS}
        />
        <label htmlFor={`${id}-cc`} className="text-sm font-semibold">
          {replyCopy.cc}
        </label>
        <p id={`${id}-cc-hint`} className="-mt-2 text-sm text-ink-muted">
          {replyCopy.ccHint}
        </p>
        <input
          id={`${id}-cc`}
          type="text"
          inputMode="email"
          autoComplete="off"
          aria-describedby={`${id}-cc-hint`}
          value={cc}
          onChange={(event) => setCc(event.target.value)}
          className={CONTROL_CLASS}
        />
        <label htmlFor={`${id}-files`} className="text-sm font-semibold">
          {replyCopy.files}
        </label>
        <p id={`${id}-files-hint`} className="-mt-2 text-sm text-ink-muted">
          {replyCopy.filesHint}
        </p>
        <input
          ref={fileInput}
          id={`${id}-files`}
          type="file"
          multiple
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => setFiles([...(event.target.files ?? [])])}
          className="min-h-11 text-sm file:mr-3 file:min-h-11 file:rounded-full file:border file:border-ink/25 file:bg-transparent file:px-4 file:font-semibold file:text-ink"
        />
        <DraftStatus
          state={draft.state}
          hasText={text !== ''}
          onDiscard={() => void draft.discard()}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={isBusy} className={BUTTON.primary}>
            <Send aria-hidden="true" className="size-4" />
            {isBusy ? replyCopy.sending : replyCopy.send}
          </button>
          <StatusLine ref={statusLine} status={status} />
        </div>
      </form>
    </section>
  );
}
