import { StudioApiError } from '../api/request';
import { describeWait, errorCopy } from '../copy';

/** Any failure, in words a person can act on; never a bare code. */
export function describeError(error: unknown): string {
  if (!(error instanceof StudioApiError)) return errorCopy.unexpected;
  switch (error.code) {
    case 'rate_limited':
      return error.retryAfterSeconds === null
        ? errorCopy.rate_limited_unknown
        : errorCopy.rate_limited(describeWait(error.retryAfterSeconds));
    case 'invalid_credentials':
    case 'invalid_token':
    case 'password_too_short':
    case 'not_resendable':
    case 'not_held':
    case 'recently_emailed':
    case 'not_found':
    case 'unknown_owner':
    case 'cross_site':
    case 'unauthenticated':
    case 'invalid_request':
    case 'network':
    case 'last_sign_in_method':
    case 'too_large':
    case 'unsupported_media_type':
    case 'invalid_image':
    case 'busy':
    case 'precondition_required':
    case 'storage_full':
      return errorCopy[error.code];
    default:
      return errorCopy.unknown(error.status);
  }
}

/** A refused session: the person has to sign in again. */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof StudioApiError && error.status === 401;
}
