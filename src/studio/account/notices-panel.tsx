import { useId, useState, type FormEvent } from 'react';
import { NOTIFY_CHOICES, type NotifyChoice } from '../../../common/staff';
import { changeOwnProfile } from '../api/team-api';
import { BUTTON } from '../components/button-classes';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { describeError } from '../lib/describe-error';
import { useSession } from '../session/session-context';
import { profileCopy } from './profile-copy';

/** How the person hears that a client answered: an email straight away, the digest, or not. */
export function NoticesPanel() {
  const id = useId();
  const { me } = useSession();
  const [notify, setNotify] = useState<NotifyChoice>(me.staff.notify);
  const saving = useAction(describeError);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saving.run(async () => {
      const saved = await changeOwnProfile({ notify });
      setNotify(saved.notify);
      return profileCopy.noticesSaved;
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {profileCopy.noticesTitle}
      </h2>
      <form onSubmit={save} className="flex max-w-xl flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-ink-muted">{profileCopy.noticesIntro}</legend>
          {NOTIFY_CHOICES.map((choice) => (
            <label key={choice} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-notify`}
                value={choice}
                checked={notify === choice}
                onChange={() => setNotify(choice)}
              />
              {profileCopy.notifyChoices[choice]}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={saving.isBusy} className={`${BUTTON.primary} self-start`}>
          {profileCopy.saveNotices}
        </button>
        <StatusLine status={saving.outcome} />
      </form>
    </section>
  );
}
