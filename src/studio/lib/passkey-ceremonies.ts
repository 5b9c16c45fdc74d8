import {
  getAuthenticationOptions,
  getRegistrationOptions,
  registerPasskey,
  signInWithPasskey,
} from '../api/studio-api';
import { StudioApiError } from '../api/request';
import type { Passkey, SignedIn } from '../api/types';
import { errorCopy } from '../copy';
import { describeError } from './describe-error';

/**
 * The WebAuthn ceremonies, each two API calls around the browser's prompt. The browser
 * library is fetched only when someone uses a passkey, so the inbox's first load skips it.
 */
const loadWebAuthn = () => import('@simplewebauthn/browser');

function canUsePasskeys(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

class PasskeysUnsupportedError extends Error {
  override name = 'PasskeysUnsupportedError';
}

function requirePasskeys(): void {
  if (!canUsePasskeys()) throw new PasskeysUnsupportedError('This browser has no WebAuthn.');
}

export async function signInWithAPasskey(): Promise<SignedIn> {
  requirePasskeys();
  const [{ startAuthentication }, optionsJSON] = await Promise.all([
    loadWebAuthn(),
    getAuthenticationOptions(),
  ]);
  return signInWithPasskey(await startAuthentication({ optionsJSON }));
}

export async function addAPasskey(name: string): Promise<Passkey> {
  requirePasskeys();
  const [{ startRegistration }, optionsJSON] = await Promise.all([
    loadWebAuthn(),
    getRegistrationOptions(),
  ]);
  return registerPasskey(await startRegistration({ optionsJSON }), name);
}

/** A ceremony's failure in words: the browser's refusals as well as the API's. */
export function describePasskeyError(error: unknown): string {
  if (error instanceof StudioApiError) {
    return error.code === 'invalid_credentials' ? errorCopy.passkey_refused : describeError(error);
  }
  if (error instanceof PasskeysUnsupportedError) return errorCopy.passkey_unsupported;
  if (error instanceof Error) {
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') {
      return errorCopy.passkey_cancelled;
    }
    if (error.name === 'InvalidStateError') return errorCopy.passkey_exists;
    return errorCopy.passkey_unavailable(error.message);
  }
  return errorCopy.unexpected;
}
