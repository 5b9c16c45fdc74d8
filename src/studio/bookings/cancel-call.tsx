import { useId, useState } from 'react';
import { CONTROL_CLASS } from '../../components/field-shell';
import { BOOKING_LIMITS } from '../../../common/booking-request';
import { BUTTON } from '../components/button-classes';
import { bookingsCopy } from '../copy';
import { useQuestionInPlace } from '../hooks/use-question-in-place';

type CancelCallProps = {
  name: string;
  /** When the call is, as the row says it: part of the button's accessible name. */
  when: string;
  isBusy: boolean;
  /** Cancels with the message; answers whether it was cancelled. */
  onConfirm: (message: string) => Promise<boolean>;
};

/**
 * Cancelling a call asks first, in place, with room for a message to the visitor. What was
 * typed stays while the request is refused, and goes only with "Keep it" or the call.
 */
export function CancelCall({ name, when, isBusy, onConfirm }: CancelCallProps) {
  const id = useId();
  const [message, setMessage] = useState('');
  const { isAsking, answerRef, openerRef, ask, setAside } = useQuestionInPlace<
    HTMLTextAreaElement,
    HTMLButtonElement
  >();

  if (!isAsking) {
    return (
      <button
        ref={openerRef}
        type="button"
        aria-label={bookingsCopy.cancelCallLabel(name, when)}
        onClick={ask}
        className={`${BUTTON.danger} self-start`}
      >
        {bookingsCopy.cancelCall}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={`${id}-question`} className="flex flex-col gap-2">
      <p id={`${id}-question`} className="text-sm font-medium">
        {bookingsCopy.cancelQuestion(name)}
      </p>
      <label htmlFor={`${id}-message`} className="text-sm font-semibold">
        {bookingsCopy.cancelMessage(name)}
      </label>
      <textarea
        ref={answerRef}
        id={`${id}-message`}
        rows={3}
        maxLength={BOOKING_LIMITS.cancelMessage}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        className={CONTROL_CLASS}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={isBusy}
          onClick={() => void onConfirm(message.trim())}
          className={BUTTON.danger}
        >
          {bookingsCopy.cancelCall}
        </button>
        <button
          type="button"
          onClick={() => {
            setMessage('');
            setAside();
          }}
          className={BUTTON.secondary}
        >
          {bookingsCopy.keepCall}
        </button>
      </div>
    </div>
  );
}
