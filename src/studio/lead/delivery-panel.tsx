import type { Delivery } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { describeDelivery, enquiryCopy, lastErrorLabel } from '../copy';
import { useStudioFormat } from '../lib/studio-format';

type DeliveryPanelProps = {
  delivery: Delivery | null;
  isBusy: boolean;
  onResend: () => void;
};

/** Sent and given-up emails can be sent again; queued and retrying ones are on their way. */
const RESENDABLE = new Set<Delivery['state']>(['sent', 'failed']);

/** What became of the enquiry's email to the studio, and "Send again". */
export function DeliveryPanel({ delivery, isBusy, onResend }: DeliveryPanelProps) {
  const format = useStudioFormat();
  const isTrouble = delivery?.state === 'retrying' || delivery?.state === 'failed';
  return (
    <section
      aria-labelledby="delivery-title"
      className={`rounded-2xl border p-5 ${isTrouble ? 'border-danger/60 bg-danger/5' : 'border-line bg-paper-raised'}`}
    >
      <h2 id="delivery-title" className="text-lg font-semibold">
        {enquiryCopy.deliveryTitle}
      </h2>
      <p className="mt-2">
        {describeDelivery(delivery, delivery?.sentAt ? format.dateTime(delivery.sentAt) : null)}
      </p>
      {delivery?.lastError && delivery.state !== 'sent' ? (
        <div className="mt-3">
          <p className="text-sm font-semibold">{lastErrorLabel}</p>
          <p className="mt-1 rounded-lg bg-paper-sunk px-3 py-2 font-mono text-sm break-words">
            {delivery.lastError}
          </p>
        </div>
      ) : null}
      {delivery && RESENDABLE.has(delivery.state) ? (
        <button
          type="button"
          disabled={isBusy}
          onClick={onResend}
          className={`${BUTTON.secondary} mt-4`}
        >
          {isBusy ? enquiryCopy.resending : enquiryCopy.resend}
        </button>
      ) : null}
    </section>
  );
}
