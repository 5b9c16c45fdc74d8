import type { Timestamp } from '../db/timestamps';

/**
 * Someone the studio deals with, known by an address (DESIGN.md, "The person and the lead"):
 * `address_key` is the address as one person's enquiries and calls share it
 * (store/enquiries/address-key.ts), unique, so two instances never make two of one person.
 */
export type PersonTable = {
  id: string;
  address_key: string;
  name: string;
  email: string;
  created_at: Timestamp;
};

export type PeopleDatabase = { people: PersonTable };
