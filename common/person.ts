/** A person as a lead names them: someone the studio deals with, known by an address. */
export type PersonSummary = { id: string; name: string; email: string };
