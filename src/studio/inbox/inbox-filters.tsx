import { Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CONTACT_SERVICES, type ContactService } from '../../../common/form-constants';
import { isLeadStage } from '../../../common/leads';
import { CONTROL_CLASS } from '../../components/field-shell';
import { listStaff } from '../api/lead-api';
import type { EnquiryFilters } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { SelectField } from '../components/select-field';
import { StudioLink } from '../components/studio-link';
import { inboxCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { useStaffNames } from '../hooks/use-staff-names';
import { STAFF_URL } from '../routing/first-requests';
import { leadViewsCopy, stageChoices, stageNames } from '../lead-copy';
import { navigate } from '../routing/location-store';
import { hrefFor } from '../routing/studio-route';

const isService = (value: string): value is ContactService =>
  CONTACT_SERVICES.some((service) => service === value);

/** The filters in force, in words, for the line that stands in for the folded filters. */
function activeFilters(filters: EnquiryFilters, nameOf: (email: string) => string): string {
  const parts = [
    filters.q === undefined ? null : inboxCopy.words(filters.q),
    filters.service ?? null,
    filters.stage === undefined ? null : stageNames[filters.stage],
    filters.owner === undefined ? null : inboxCopy.ownedBy(nameOf(filters.owner)),
  ].filter((part) => part !== null);
  return parts.length === 0 ? inboxCopy.noFilters : inboxCopy.filteredBy(parts);
}

/**
 * Search text, service, stage and owner, applied together with one button: choosing one alone
 * does not reload the list under a keyboard user's feet. The folder (status) is kept. On a
 * phone they fold behind one button, so the first enquiry is in view; a line says what is on.
 */
export function InboxFilters({ filters }: { filters: EnquiryFilters }) {
  const id = useId();
  const [q, setQ] = useState(filters.q ?? '');
  const [service, setService] = useState<string>(filters.service ?? '');
  const [stage, setStage] = useState<string>(filters.stage ?? '');
  const [owner, setOwner] = useState<string>(filters.owner ?? '');
  const [isOpen, setIsOpen] = useState(false);
  const staff = useApiData('staff', (signal) => listStaff(signal), STAFF_URL);
  const nameOf = useStaffNames();
  const owners =
    staff.data.state === 'ready' ? staff.data.data.items.map(({ email }) => email) : [];
  const ownerChoices =
    filters.owner && !owners.includes(filters.owner) ? [filters.owner, ...owners] : owners;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: EnquiryFilters = {};
    if (filters.status) next.status = filters.status;
    if (isService(service)) next.service = service;
    if (isLeadStage(stage)) next.stage = stage;
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
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 sm:hidden">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={`${id}-form`}
          onClick={() => setIsOpen(!isOpen)}
          className={`${BUTTON.secondary} shrink-0`}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {inboxCopy.filters}
        </button>
        <p className="text-sm text-ink-muted">{activeFilters(filters, nameOf)}</p>
      </div>
      <form
        id={`${id}-form`}
        role="search"
        onSubmit={apply}
        className={`${isOpen ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(0,1fr)_minmax(0,13rem)_minmax(0,9rem)_minmax(0,13rem)_auto]`}
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
        <SelectField
          id={`${id}-service`}
          name="service"
          label={inboxCopy.service}
          value={service}
          onChange={setService}
          noneLabel={inboxCopy.allServices}
          choices={CONTACT_SERVICES.map((name) => ({ value: name, label: name }))}
        />
        <SelectField
          id={`${id}-stage`}
          name="stage"
          label={leadViewsCopy.stage}
          value={stage}
          onChange={setStage}
          noneLabel={leadViewsCopy.anyStage}
          choices={stageChoices}
        />
        <SelectField
          id={`${id}-owner`}
          name="owner"
          label={leadViewsCopy.owner}
          value={owner}
          onChange={setOwner}
          noneLabel={leadViewsCopy.anyOwner}
          choices={ownerChoices.map((email) => ({ value: email, label: nameOf(email) }))}
        />
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
    </div>
  );
}
