import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { AudienceReport } from '../../../common/audience';
import { requestJson, requestWithoutBody, STUDIO_API } from './request';
import type {
  Enquiry,
  EnquiryDetail,
  EnquiryFilters,
  EnquiryPage,
  EnquiryStatus,
  ExportFormat,
  Me,
  Passkey,
  SignedIn,
  StaffSession,
  SubscriberPage,
} from './types';

type Items<T> = { items: T[] };

/** The list's filters as query parameters, in one fixed order; empty ones are left out. */
export function filterParams(filters: EnquiryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.service) params.set('service', filters.service);
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.owner) params.set('owner', filters.owner);
  if (filters.view) params.set('view', filters.view);
  if (filters.q) params.set('q', filters.q);
  return params;
}

const byId = (collection: string, id: string) => `${collection}/${encodeURIComponent(id)}`;

export const getMe = (signal?: AbortSignal) => requestJson<Me>('me', signal ? { signal } : {});

export const signIn = (email: string, password: string) =>
  requestJson<SignedIn>('session', { method: 'POST', body: { email, password } });

export const signOut = () => requestWithoutBody('session', { method: 'DELETE' });

/** Gives the password again, so the session may add a passkey for the next few minutes. */
export const reauthenticate = (password: string) =>
  requestWithoutBody('session/reauthentication', { method: 'POST', body: { password } });

export const setFirstPassword = (token: string, password: string) =>
  requestJson<SignedIn>('welcome', { method: 'POST', body: { token, password } });

export function listEnquiries(
  filters: EnquiryFilters,
  cursor: string | null,
  signal?: AbortSignal,
  limit?: number,
): Promise<EnquiryPage> {
  const params = filterParams(filters);
  if (cursor) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return requestJson<EnquiryPage>(`leads${query}`, signal ? { signal } : {});
}

/** The Audience page's numbers for UTC days `from` to `to`, both included. */
export const getAudience = (from: string, to: string, signal?: AbortSignal) =>
  requestJson<AudienceReport>(
    `audience?${new URLSearchParams({ from, to }).toString()}`,
    signal ? { signal } : {},
  );

export const audienceExportHref = (from: string, to: string) =>
  `${STUDIO_API}audience/export?${new URLSearchParams({ from, to }).toString()}`;

export const getEnquiry = (id: string, signal?: AbortSignal) =>
  requestJson<EnquiryDetail>(byId('leads', id), signal ? { signal } : {});

export const setEnquiryStatus = (id: string, status: EnquiryStatus) =>
  requestJson<Enquiry>(byId('leads', id), { method: 'PATCH', body: { status } });

export const resendEnquiry = (id: string) =>
  requestWithoutBody(`${byId('leads', id)}/resend`, { method: 'POST' });

/** A plain link: the browser downloads the file with the session cookie. */
export function enquiryExportHref(filters: EnquiryFilters, format: ExportFormat): string {
  const params = new URLSearchParams({ format });
  for (const [key, value] of filterParams(filters)) params.set(key, value);
  return `${STUDIO_API}export?${params.toString()}`;
}

export const subscriberExportHref = (format: ExportFormat) =>
  `${STUDIO_API}subscribers/export?format=${format}`;

/** One page of subscribers, newest first: the first, or the one after `cursor`. */
export const listSubscribers = (cursor: string | null, signal?: AbortSignal) =>
  requestJson<SubscriberPage>(
    cursor ? `subscribers?cursor=${encodeURIComponent(cursor)}` : 'subscribers',
    signal ? { signal } : {},
  );

/** Queues the confirmation email of a held sign-up; only the owner's click then confirms. */
export const sendSubscriberConfirmation = (id: string) =>
  requestWithoutBody(`${byId('subscribers', id)}/confirmation`, { method: 'POST' });

export const removeSubscriber = (id: string) =>
  requestWithoutBody(byId('subscribers', id), { method: 'DELETE' });

export const listSessions = (signal?: AbortSignal) =>
  requestJson<Items<StaffSession>>('sessions', signal ? { signal } : {});

export const endSession = (id: string) =>
  requestWithoutBody(byId('sessions', id), { method: 'DELETE' });

export const listPasskeys = (signal?: AbortSignal) =>
  requestJson<Items<Passkey>>('passkeys', signal ? { signal } : {});

export const removePasskey = (id: string) =>
  requestWithoutBody(byId('passkeys', id), { method: 'DELETE' });

export const getRegistrationOptions = () =>
  requestJson<PublicKeyCredentialCreationOptionsJSON>('passkeys/registration/options', {
    method: 'POST',
  });

export const registerPasskey = (response: RegistrationResponseJSON, name: string) =>
  requestJson<Passkey>('passkeys/registration', {
    method: 'POST',
    body: name ? { response, name } : { response },
  });

export const getAuthenticationOptions = () =>
  requestJson<PublicKeyCredentialRequestOptionsJSON>('passkeys/authentication/options', {
    method: 'POST',
  });

export const signInWithPasskey = (response: AuthenticationResponseJSON) =>
  requestJson<SignedIn>('passkeys/authentication', { method: 'POST', body: { response } });
