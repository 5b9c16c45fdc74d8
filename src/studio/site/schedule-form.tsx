import { StudioTimeForm } from '../components/studio-time-form';
import { siteCopy } from '../copy';

const { schedule: copy } = siteCopy;
const HOUR = 60 * 60 * 1000;
/** The server refuses further than this (a year and a day), so the form says so first. */
const MAX_AHEAD_MS = 366 * 24 * HOUR;

type ScheduleFormProps = {
  timeZone: string;
  isBusy: boolean;
  /** Resolves true once scheduled; the form then closes. */
  onSchedule: (at: Date) => Promise<boolean>;
  onClose: () => void;
};

function checkTime(at: Date | null): string | null {
  if (at === null) return copy.missing;
  if (at.getTime() <= Date.now()) return copy.past;
  if (at.getTime() - Date.now() > MAX_AHEAD_MS) return copy.tooFar;
  return null;
}

/**
 * "Publish at…": a date and a time on the studio's clock (STUDIO_TIME_ZONE, named beside the
 * field), whatever the zone of the computer in use, so everyone on the team means the same time.
 */
export function ScheduleForm({ timeZone, isBusy, onSchedule, onClose }: ScheduleFormProps) {
  return (
    <StudioTimeForm
      timeZone={timeZone}
      copy={{
        title: copy.title,
        hint: copy.hint(timeZone),
        date: copy.date,
        time: copy.time(timeZone),
        submit: copy.submit,
        close: copy.close,
      }}
      check={checkTime}
      onChoose={async (at) => {
        if (await onSchedule(at)) onClose();
      }}
      onClose={onClose}
      heading="h2"
      surface="bg-paper-raised"
      busyLabel={isBusy ? copy.scheduling : null}
    />
  );
}
