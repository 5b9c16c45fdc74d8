import { useState } from 'react';
import { StudioApiError } from '../api/request';
import type { SaveRowProps } from '../components/save-row';
import type { StatusMessage } from '../components/status-line';
import { describeError, isSessionEnded } from '../lib/describe-error';
import { useSession } from '../session/session-context';

/** What a form saved whole says: its button, and how the save went. */
export type WholeFormCopy = SaveRowProps['copy'] & {
  saved: string;
  /** A 422: the fields are named beside them. */
  invalid: string;
  /** A 403: the form is the owners'. */
  ownersOnly: string;
};

/**
 * The save of a form the studio's owners send all at once (the settings, the hours): one save at
 * a time, the field errors of a 422 kept for the fields to show, every other failure in words on
 * the status line, and a refused session signs the person out.
 */
export function useWholeFormSave<Field extends string, Problem>(
  copy: WholeFormCopy,
): {
  errors: Partial<Record<Field, Problem>>;
  save: (write: () => Promise<void>) => Promise<void>;
  saveRow: SaveRowProps;
} {
  const { endSession } = useSession();
  const [errors, setErrors] = useState<Partial<Record<Field, Problem>>>({});
  const [isSaving, setIsSaving] = useState(false);
  const [status, setStatus] = useState<StatusMessage>(null);

  async function save(write: () => Promise<void>): Promise<void> {
    setIsSaving(true);
    setStatus(null);
    try {
      await write();
      setErrors({});
      setStatus({ tone: 'done', message: copy.saved });
    } catch (error) {
      if (isSessionEnded(error)) return endSession();
      const fieldErrors = fieldErrorsOf<Field, Problem>(error);
      setErrors(fieldErrors ?? {});
      setStatus({ tone: 'failed', message: describeRefusal(copy, error, fieldErrors !== null) });
    } finally {
      setIsSaving(false);
    }
  }

  return { errors, save, saveRow: { isSaving, status, copy } };
}

/** The field errors of a 422, or null for any other failure (which the status line words). */
function fieldErrorsOf<Field extends string, Problem>(
  error: unknown,
): Partial<Record<Field, Problem>> | null {
  if (!(error instanceof StudioApiError) || error.status !== 422) return null;
  const payload = error.payload as { fieldErrors?: Partial<Record<Field, Problem>> } | null;
  return payload?.fieldErrors ?? null;
}

/** Why the save was refused, in words. */
function describeRefusal(copy: WholeFormCopy, error: unknown, hasFieldErrors: boolean): string {
  if (hasFieldErrors) return copy.invalid;
  if (error instanceof StudioApiError && error.status === 403) return copy.ownersOnly;
  return describeError(error);
}
