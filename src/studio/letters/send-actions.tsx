import { useEffect, useId, useRef, useState } from 'react';
import type { LetterSendStarted } from '../../../common/letters';
import { sendLetter, sendLetterTest } from '../api/letters-api';
import { listSubscribers } from '../api/studio-api';
import { BUTTON } from '../components/button-classes';
import { useIsOwner } from '../components/owner-only';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { useStudioFormat } from '../lib/studio-format';
import { useSession } from '../session/session-context';
import { describeLetterError, UnsavedWordsError } from './letter-errors';
import { letterCopy } from './letters-copy';
import { SendTimeForm } from './send-time-form';

type Step =
  | { kind: 'idle' }
  | { kind: 'choosingTime' }
  /** `at` null: now. */
  | { kind: 'asking'; at: Date | null; count: number };

type SendActionsProps = {
  letterId: string;
  /** Saves what is typed; false when it could not, and the saved draft is not what is shown. */
  flush: () => Promise<boolean>;
  /** The letter has left the drafts; `news` says so, for the screen to show. */
  onSent: (started: LetterSendStarted, at: Date | null, news: string) => void;
};

/**
 * A draft's ways out: a test to oneself, then (owners only) the letter to every confirmed
 * subscriber now or at a chosen time, after a question that says how many they are. Each
 * works from the saved draft, so the words on screen are saved first.
 */
export function SendActions({ letterId, flush, onSent }: SendActionsProps) {
  const id = useId();
  const { me } = useSession();
  const format = useStudioFormat();
  const isOwner = useIsOwner();
  const test = useAction(describeLetterError);
  const counting = useAction(describeLetterError);
  const sending = useAction(describeLetterError);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [opener, setOpener] = useState<'now' | 'at' | null>(null);
  const yesButton = useRef<HTMLButtonElement>(null);
  const sendNowButton = useRef<HTMLButtonElement>(null);
  const sendAtButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (step.kind === 'asking') yesButton.current?.focus();
    else if (step.kind === 'idle' && opener !== null) {
      (opener === 'now' ? sendNowButton : sendAtButton).current?.focus();
    }
  }, [step, opener]);

  async function sendTest() {
    await test.run(async () => {
      if (!(await flush())) throw new UnsavedWordsError();
      await sendLetterTest(letterId);
      return letterCopy.testSent(me.staff.email);
    });
  }

  /** The question names how many confirmed subscribers there are now. */
  async function ask(at: Date | null) {
    await counting.run(async () => {
      const { counts } = await listSubscribers(null);
      setStep({ kind: 'asking', at, count: counts.confirmed });
      return '';
    });
  }

  async function send(at: Date | null) {
    await sending.run(async () => {
      if (!(await flush())) throw new UnsavedWordsError();
      const started = await sendLetter(letterId, at);
      onSent(
        started,
        at,
        started.state === 'scheduled' && at !== null
          ? letterCopy.scheduled(format.dateTime(at), started.recipients)
          : letterCopy.startedSending(started.recipients),
      );
      return '';
    });
  }

  function setAside() {
    setStep({ kind: 'idle' });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {letterCopy.actions}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={test.isBusy}
          onClick={() => void sendTest()}
          className={BUTTON.secondary}
        >
          {test.isBusy ? letterCopy.sendingTest : letterCopy.sendTest}
        </button>
        <button
          ref={sendNowButton}
          type="button"
          disabled={!isOwner || counting.isBusy || step.kind !== 'idle'}
          aria-describedby={isOwner ? undefined : `${id}-owners`}
          onClick={() => {
            setOpener('now');
            void ask(null);
          }}
          className={BUTTON.primary}
        >
          {letterCopy.sendNow}
        </button>
        <button
          ref={sendAtButton}
          type="button"
          disabled={!isOwner || counting.isBusy || step.kind !== 'idle'}
          aria-describedby={isOwner ? undefined : `${id}-owners`}
          onClick={() => {
            setOpener('at');
            setStep({ kind: 'choosingTime' });
          }}
          className={BUTTON.secondary}
        >
          {letterCopy.sendAt}
        </button>
      </div>
      {isOwner ? null : (
        <p id={`${id}-owners`} className="text-sm font-semibold">
          {letterCopy.ownersOnly}
        </p>
      )}
      <StatusLine status={test.outcome} />
      <StatusLine
        status={counting.isBusy ? { tone: 'info', message: letterCopy.counting } : counting.outcome}
      />
      {step.kind === 'choosingTime' ? (
        <SendTimeForm timeZone={me.timeZone} onChoose={(at) => void ask(at)} onClose={setAside} />
      ) : null}
      {step.kind === 'asking' ? (
        <div
          role="group"
          aria-labelledby={`${id}-question`}
          className="flex flex-col gap-3 rounded-2xl border border-ember/60 bg-paper p-4"
        >
          <p id={`${id}-question`} className="font-medium">
            {step.at === null
              ? letterCopy.confirmNow(step.count)
              : letterCopy.confirmAt(step.count, format.dateTime(step.at))}
          </p>
          <div className="flex flex-wrap gap-2">
            <button
              ref={yesButton}
              type="button"
              disabled={sending.isBusy}
              onClick={() => void send(step.at)}
              className={BUTTON.primary}
            >
              {step.at === null ? letterCopy.yesSendNow : letterCopy.yesSchedule}
            </button>
            <button type="button" onClick={setAside} className={BUTTON.secondary}>
              {letterCopy.notYet}
            </button>
          </div>
        </div>
      ) : null}
      <StatusLine status={sending.outcome} />
    </section>
  );
}
