import { useState } from 'react';
import type { StatusMessage } from '../components/status-line';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { useSession } from '../session/session-context';

/**
 * Runs a button's request once at a time and keeps what to say about it: the success
 * message, or the failure in words (`describe`'s, for a screen with refusals of its own).
 * A refused session signs the person out.
 */
export function useAction(describe: (error: unknown) => string = describeError): {
  isBusy: boolean;
  outcome: StatusMessage;
  run: (action: () => Promise<string>) => Promise<boolean>;
} {
  const { endSession } = useSession();
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<StatusMessage>(null);

  async function run(action: () => Promise<string>): Promise<boolean> {
    setIsBusy(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'done', message: await action() });
      return true;
    } catch (error) {
      if (isSessionEnded(error)) endSession();
      else setOutcome({ tone: 'failed', message: describe(error) });
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  return { isBusy, outcome, run };
}
