/** The words of a person's page: everything the studio knows of someone, across their leads. */
export const personCopy = {
  title: 'Person',
  loading: 'Loading the person…',
  email: 'Email',
  firstSeen: 'First came from',
  notKnown: 'Not known',
  origin: (source: string, campaign: string | null) =>
    campaign === null ? source : `${source}, campaign ${campaign}`,
  on: 'on',
  newsletter: 'Newsletter',
  notSubscribed: 'Not subscribed',
  won: 'Won with us',
  nothingWon: 'Nothing won yet',
  leads: 'Leads',
  noLeads: 'No leads yet.',
  opened: 'Opened',
  closed: 'closed',
  stillOpen: 'still open',
  calls: 'Calls',
  noCalls: 'No calls booked.',
  letters: 'Letters sent to them',
  noLetters: 'No letter has gone to them yet.',
} as const;
