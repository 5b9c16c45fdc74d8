import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CONTACT_SERVICES, type ContactService } from '../../../common/form-constants';
import { CONTROL_CLASS } from '../../components/field-shell';
import type { EnquiryFilters } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { StudioLink } from '../components/studio-link';
import { inboxCopy } from '../copy';
import { navigate } from '../routing/location-store';
import { hrefFor } from '../routing/studio-route';

const isService = (value: string): value is ContactService =>
  CONTACT_SERVICES.some((service) => service === value);

/**
 * Search text and service, applied together with one button: choosing a service alone does
 * not reload the list under a keyboard user's feet. The folder (status) is kept.
 */
export function InboxFilters({ filters }: { filters: EnquiryFilters }) {
  const id = useId();
  const [q, setQ] = useState(filters.q ?? '');
  const [service, setService] = useState<string>(filters.service ?? '');

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: EnquiryFilters = {};
    if (filters.status) next.status = filters.status;
    if (isService(service)) next.service = service;
    if (q.trim()) next.q = q.trim();
    navigate(hrefFor({ page: 'inbox', filters: next }), { q: next.q ?? null });
  }

  const isFiltered = filters.q !== undefined || filters.service !== undefined;
  return (
    <form
      role="search"
      onSubmit={apply}
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)_auto] sm:items-end"
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
