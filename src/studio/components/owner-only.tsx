import type { ReactNode } from 'react';
import { useSession } from '../session/session-context';

/**
 * Whether the signed-in person may change what only owners change (the studio's settings, its
 * hours and where calls happen, the team): the server refuses members with 403 `forbidden`.
 */
export function useIsOwner(): boolean {
  return useSession().me.staff.role === 'owner';
}

/**
 * An owner-only form's fields: a member sees them as they are, each disabled, under a line that
 * says only an owner can change them, and gets no Save button (`save`) to be refused by, nor
 * any of the form's `OwnerOnlyControl`s.
 */
export function OwnerOnlyFields({
  readOnlyNote,
  save,
  children,
}: {
  readOnlyNote: string;
  save: ReactNode;
  children: ReactNode;
}) {
  const isOwner = useIsOwner();
  return (
    <>
      {isOwner ? null : <p className="font-semibold">{readOnlyNote}</p>}
      <fieldset disabled={!isOwner} className="flex min-w-0 flex-col gap-8">
        {children}
      </fieldset>
      {isOwner ? save : null}
    </>
  );
}

/**
 * A control that only edits the form's draft (add hours, remove them): a member, who cannot
 * save, is not shown it at all, rather than a greyed button that does nothing.
 */
export function OwnerOnlyControl({ children }: { children: ReactNode }) {
  return useIsOwner() ? children : null;
}
