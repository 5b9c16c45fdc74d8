import { StudioTimeForm } from '../components/studio-time-form';
import { letterCopy } from './letters-copy';

type SendTimeFormProps = {
  timeZone: string;
  onChoose: (at: Date) => void;
  onClose: () => void;
};

function checkTime(at: Date | null): string | null {
  if (at === null) return letterCopy.missingTime;
  if (at.getTime() <= Date.now()) return letterCopy.pastTime;
  return null;
}

/** "Send at…": a date and a time on the studio's clock, as the site's scheduled publish asks. */
export function SendTimeForm({ timeZone, onChoose, onClose }: SendTimeFormProps) {
  return (
    <StudioTimeForm
      timeZone={timeZone}
      copy={{
        title: letterCopy.scheduleTitle,
        hint: letterCopy.scheduleHint(timeZone),
        date: letterCopy.date,
        time: letterCopy.time(timeZone),
        submit: letterCopy.schedule,
        close: letterCopy.notYet,
      }}
      check={checkTime}
      onChoose={onChoose}
      onClose={onClose}
      heading="h3"
      surface="bg-paper"
      focusOnOpen
    />
  );
}
