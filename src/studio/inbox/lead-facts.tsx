import type { Enquiry } from '../api/types';
import { leadViewsCopy } from '../lead-copy';
import { daysSince } from '../lib/days-since';
import { useStudioFormat } from '../lib/studio-format';

type LeadFactsProps = {
  enquiry: Enquiry;
  /** The owner's name, by their address. */
  nameOf: (email: string) => string;
  /** Now, in milliseconds: how old the enquiry is. */
  now: number;
};

/**
 * What a person scans a lead for, in words: who owns it, when to follow up, how old it is and
 * what it is worth. Each fact is left out when there is none, except the age.
 */
export function LeadFacts({ enquiry, nameOf, now }: LeadFactsProps) {
  const { lead } = enquiry;
  const format = useStudioFormat();
  const facts = [
    lead?.owner ? leadViewsCopy.ownerOf(nameOf(lead.owner)) : leadViewsCopy.noOwner,
    ...(lead?.followUpOn ? [leadViewsCopy.followUpOn(format.day(lead.followUpOn))] : []),
    leadViewsCopy.age(daysSince(enquiry.receivedAt, now)),
    ...(lead?.value
      ? [leadViewsCopy.worth(format.money(lead.value.amount, lead.value.currency))]
      : []),
  ];
  return (
    <ul
      className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted"
      aria-label={leadViewsCopy.facts}
    >
      {facts.map((fact) => (
        <li key={fact} className="break-words">
          {fact}
        </li>
      ))}
    </ul>
  );
}
