import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CONTACT_SERVICES, type ContactService } from '../../../common/form-constants';
import { LEAD_STAGES, type LeadStage } from '../../../common/leads';
import { CONTROL_CLASS } from '../../components/field-shell';
import { listStaff } from '../api/lead-api';
import type { EnquiryFilters } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { StudioLink } from '../components/studio-link';
import { inboxCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { leadViewsCopy, stageNames } from '../lead-copy';
import { navigate } from '../routing/location-store';
import { hrefFor } from '../routing/studio-route';

const isService = (value: string): value is ContactService =>
  CONTACT_SERVICES.some((service) => service === value);
const isStage = (value: string): value is LeadStage => LEAD_STAGES.some((stage) => stage === value);

/**
 * Search text, service, stage and owner, applied together with one button: choosing one alone
 * does not reload the list under a keyboard user's feet. The folder (status) is kept.
 */
export function InboxFilters({ filters }: { filters: EnquiryFilters }) {
  const id = useId();
  const [q, setQ] = useState(filters.q ?? '');
  const [service, setService] = useState<string>(filters.service ?? '');
  const [stage, setStage] = useState<string>(filters.stage ?? '');
  const [owner, setOwner] = useState<string>(filters.owner ?? '');
  const staff = useApiData('staff', (signal) => listStaff(signal));
  const owners =
    staff.data.state === 'ready' ? staff.data.data.items.map(({ email }) => email) : [];
  const ownerChoices =
    filters.owner && !owners.includes(filters.owner) ? [filters.owner, ...owners] : owners;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: EnquiryFilters = {};
    if (filters.status) next.status = filters.status;
    if (isService(service)) next.service = service;
    if (isStage(stage)) next.stage = stage;
    if (owner !== '') next.owner = owner;
    if (q.trim()) next.q = q.trim();
    navigate(hrefFor({ page: 'inbox', filters: next }), { q: next.q ?? null });
  }

  const isFiltered =
    filters.q !== undefined ||
    filters.service !== undefined ||
    filters.stage !== undefined ||
    filters.owner !== undefined;
  return (
    <form
      role="search"
      onSubmit={apply}
      className="grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(0,1fr)_minmax(0,13rem)_minmax(0,9rem)_minmax(0,13rem)_auto]"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className="text-sm font-semibold">
          {inboxCopy.search}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          maxLength={200}
          placeholder={inboxCopy.searchHint}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          className={CONTROL_CLASS}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-service`} className="text-sm font-semibold">
          {inboxCopy.service}
        </label>
        <select
          id={`${id}-service`}
          name="service"
          value={service}
          onChange={(event) => setService(event.target.value)}
          className={CONTROL_CLASS}
        >
          <option value="">{inboxCopy.allServices}</option>
          {CONTACT_SERVICES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-stage`} className="text-sm font-semibold">
          {leadViewsCopy.stage}
        </label>
        <select
          id={`${id}-stage`}
          name="stage"
          value={stage}
          onChange={(event) => setStage(event.target.value)}
          className={CONTROL_CLASS}
        >
          <option value="">{leadViewsCopy.anyStage}</option>
          {LEAD_STAGES.map((value) => (
            <option key={value} value={value}>
              {stageNames[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-owner`} className="text-sm font-semibold">
          {leadViewsCopy.owner}
        </label>
        <select
          id={`${id}-owner`}
          name="owner"
          value={owner}
          onChange={(event) => setOwner(event.target.value)}
          className={CONTROL_CLASS}
        >
          <option value="">{leadViewsCopy.anyOwner}</option>
          {ownerChoices.map((email) => (
            <option key={email} value={email}>
              {email}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-4">
        <button type="submit" className={`${BUTTON.primary} min-h-12`}>
          <Search aria-hidden="true" className="size-4" />
          {inboxCopy.apply}
        </button>
        {isFiltered ? (
          <StudioLink
            href={hrefFor({
              page: 'inbox',
              filters: filters.status ? { status: filters.status } : {},
            })}
            className={BUTTON.quiet}
          >
            {inboxCopy.clear}
          </StudioLink>
        ) : null}
      </div>
    </form>
  );
}
