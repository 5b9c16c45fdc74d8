import type { PeopleMatches, PersonDetail } from '../../../common/people';
import { requestJson } from './request';

/** One person: their leads, calls, newsletter sign-up and the money they have brought. */
export const getPerson = (id: string, signal?: AbortSignal) =>
  requestJson<PersonDetail>(`people/${encodeURIComponent(id)}`, signal ? { signal } : {});

/** The people the inbox's search words find, at most ten. */
export const findPeople = (q: string, signal?: AbortSignal) =>
  requestJson<PeopleMatches>(
    `people?${new URLSearchParams({ q }).toString()}`,
    signal ? { signal } : {},
  );
