import { useId, useState, type FormEvent } from 'react';
import { SIGNATURE_MAX_LENGTH, STAFF_NAME_MAX_LENGTH } from '../../../common/staff';
import { CONTROL_CLASS, FieldShell } from '../../components/field-shell';
import { StudioApiError } from '../api/request';
import { changeOwnProfile } from '../api/team-api';
import { BUTTON } from '../components/button-classes';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { describeError } from '../lib/describe-error';
import { useSession } from '../session/session-context';
import { profileCopy } from './profile-copy';

const describeProfileError = (error: unknown) =>
  error instanceof StudioApiError && error.code === 'invalid_request'
    ? profileCopy.profileRefused
    : describeError(error);

/** The person's own name and the signature that ends their replies. */
export function ProfilePanel() {
  const id = useId();
  const { me } = useSession();
  const [name, setName] = useState(me.staff.name);
  const [signature, setSignature] = useState(me.staff.signature);
  const saving = useAction(describeProfileError);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saving.run(async () => {
      const saved = await changeOwnProfile({ name: name.trim(), signature });
      setName(saved.name);
      setSignature(saved.signature);
      return profileCopy.profileSaved;
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {profileCopy.profileTitle}
      </h2>
      <p className="text-ink-muted">{profileCopy.profileIntro}</p>
      <form onSubmit={save} className="flex max-w-xl flex-col gap-4">
        <FieldShell controlId={`${id}-name`} label={profileCopy.name}>
          <input
            id={`${id}-name`}
            required
            autoComplete="name"
            maxLength={STAFF_NAME_MAX_LENGTH}
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <FieldShell controlId={`${id}-signature`} label={profileCopy.signature}>
          <textarea
            id={`${id}-signature`}
            rows={4}
            maxLength={SIGNATURE_MAX_LENGTH}
            aria-describedby={`${id}-signature-hint`}
            value={signature}
            onChange={(event) => setSignature(event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <p id={`${id}-signature-hint`} className="-mt-2 text-sm text-ink-muted">
          {profileCopy.signatureHint}
        </p>
        <button type="submit" disabled={saving.isBusy} className={`${BUTTON.primary} self-start`}>
          {profileCopy.saveProfile}
        </button>
        <StatusLine status={saving.outcome} />
      </form>
    </section>
  );
}
