/**
 * What a migration may do to PostgreSQL while the previous release keeps serving against the
 * same database (docs/decisions/0094-migrations-the-previous-release-survives.md): judged from
 * the SQL each migration really sends, read by PostgreSQL's own parser (statement-facts.ts,
 * decision 0111), so the builder's statements and raw SQL are judged alike.
 */
import { readStatements, type StatementFact } from './statement-facts';

/**
 * Each rule: why a statement it refuses fails the previous release, or stops it while it runs,
 * and what to do instead; mostly expand then contract, across two releases.
 */
export const POLICY_RULES = {
  'changes-a-column-type': {
    why: 'changes a column’s type: the table is rewritten under an exclusive lock, and the previous release may write values the new type refuses',
    instead:
      'add a column of the new type, write both in one release, read the new one in the next, then drop the old one',
  },
  'sets-not-null': {
    why: 'sets NOT NULL: the previous release may still write nulls, and every row is read under an exclusive lock',
    instead:
      'once no release writes nulls, add CHECK (column IS NOT NULL) NOT VALID, then VALIDATE CONSTRAINT in a migration of its own',
  },
  'adds-not-null-without-default': {
    why: 'adds a NOT NULL column without a default: the previous release’s inserts do not name it and fail',
    instead:
      'give it a constant default, or add it nullable and narrow it a release after every release writes it',
  },
  'drops-a-default': {
    why: 'drops a column’s default: the previous release’s inserts that leave the column out relied on it, and now write null, or fail if the column is NOT NULL',
    instead: 'drop it a release after every release names the column in its inserts',
  },
  'drops-or-renames': {
    why: 'drops or renames a column or table the previous release may still use: its statements naming it fail',
    instead:
      'stop using it in one release and drop it in the next, listed in shipped-exceptions.ts with the release that stopped; to rename, add the new one, write both, then drop the old',
  },
  'drops-a-constraint-or-index': {
    why: 'drops or renames a constraint or index the previous release may rely on: its ON CONFLICT fails without the unique index or constraint it infers or names, its deletes no longer cascade, and its reads may need the index',
    instead:
      'build any replacement first (CREATE INDEX CONCURRENTLY), move the code to it, and drop the old one a release after the last one that relies on it, listed in shipped-exceptions.ts',
  },
  'adds-unique': {
    why: 'adds uniqueness (a UNIQUE, PRIMARY KEY or EXCLUDE constraint, or a unique index) to a table the previous release writes: its writes of a value already there now fail, and the index is built under a lock that stops writes',
    instead:
      'one release stops writing duplicates; the next builds the unique index CONCURRENTLY in a migration of its own, listed in shipped-exceptions.ts, and adds any constraint USING INDEX',
  },
  'adds-a-refusing-trigger': {
    why: 'makes a trigger on a table the previous release writes run a function that raises an error (or one this migration does not define, so the lint cannot read it): the writes it refuses fail, as 0026 refused `replied`',
    instead:
      'file the old value as the new release means it (0026’s trigger turns `replied` into `read`), and refuse it a release after the last one that writes it',
  },
  'validates-under-lock': {
    why: 'adds a check or foreign key that reads every row under a lock that stops writes',
    instead: 'add it NOT VALID, then VALIDATE CONSTRAINT in a migration of its own',
  },
  'indexes-without-concurrently': {
    why: 'builds an index on a large table under a lock that stops writes',
    instead: 'CREATE INDEX CONCURRENTLY, in a migration run outside a transaction',
  },
  'rewrites-the-table': {
    why: 'rewrites the whole table under an exclusive lock (a stored generated column, an identity, serial or volatile default, VACUUM FULL, CLUSTER)',
    instead:
      'add a plain nullable column and fill it in batches outside the migration, or compute the value when it is read',
  },
  'updates-a-large-table': {
    why: 'updates or deletes rows of a large table inside the migration’s transaction, holding their locks until it commits',
    instead: 'batch it outside the migration, or show it touches few rows',
  },
  'locks-a-table': {
    why: 'locks a table explicitly: the previous release’s statements on it wait until the migration commits',
    instead: 'let each statement take the lock it needs, for as short as it needs it',
  },
} as const satisfies Record<string, { why: string; instead: string }>;

export type PolicyRule = keyof typeof POLICY_RULES;

/** One statement a rule refuses, and the table, index or function it refuses it for. */
export type PolicyBreak = { rule: PolicyRule; target: string; statement: string };

/**
 * Tables that grow with visitors, enquiries or time: a scan of one holds its lock for as long
 * as the table is large. The others (staff, settings, site content) stay small.
 */
export const LARGE_TABLES: ReadonlySet<string> = new Set([
  'enquiries',
  'enquiry_attributions',
  'outbox',
  'leads',
  'lead_messages',
  'lead_attachments',
  'lead_notes',
  'subscribers',
  'subscriber_attributions',
  'audience_views',
  'audience_vitals',
  'audience_filtered',
  'audit_log',
  'bookings',
  'staff_sessions',
  'attempt_counts',
  'spent_challenges',
]);

/** What the migration made so far: new, so nothing serves from it yet. */
type MadeHere = {
  tables: Set<string>;
  indexes: Set<string>;
  /** Trigger functions defined, and whether each raises an error. */
  functions: Map<string, boolean>;
};

/** The rules one fact breaks, each with what it breaks them on. */
function judge(fact: StatementFact, made: MadeHere): [PolicyRule, string][] {
  const isNew = 'table' in fact && made.tables.has(fact.table);
  if (isNew) return [];
  const large = 'table' in fact && LARGE_TABLES.has(fact.table);
  switch (fact.kind) {
    case 'creates-table':
      return [];
    case 'defines-trigger-function':
      // A replaced function may already run for the rows of an existing table.
      return fact.replaces && fact.raises ? [['adds-a-refusing-trigger', fact.name]] : [];
    case 'creates-index': {
      const found: [PolicyRule, string][] = [];
      if (large && !fact.concurrently) found.push(['indexes-without-concurrently', fact.table]);
      if (fact.unique) found.push(['adds-unique', fact.table]);
      return found;
    }
    case 'changes-column-type':
      return [['changes-a-column-type', fact.table]];
    case 'sets-not-null':
      return [['sets-not-null', fact.table]];
    case 'drops-default':
      return [['drops-a-default', fact.table]];
    case 'adds-column': {
      const found: [PolicyRule, string][] = [];
      if (fact.notNullWithoutDefault) found.push(['adds-not-null-without-default', fact.table]);
      if (fact.rewritesTheTable) found.push(['rewrites-the-table', fact.table]);
      if (large && fact.checksRows) found.push(['validates-under-lock', fact.table]);
      if (fact.unique) found.push(['adds-unique', fact.table]);
      return found;
    }
    case 'adds-check':
      return fact.notValid ? [] : [['validates-under-lock', fact.table]];
    case 'adds-unique':
      return [['adds-unique', fact.table]];
    case 'drops-or-renames':
      return [['drops-or-renames', fact.table]];
    case 'drops-or-renames-constraint':
      return [['drops-a-constraint-or-index', fact.table]];
    case 'drops-or-renames-index':
      return made.indexes.has(fact.index) ? [] : [['drops-a-constraint-or-index', fact.index]];
    case 'writes-rows':
      return large ? [['updates-a-large-table', fact.table]] : [];
    case 'locks':
      return [['locks-a-table', fact.table]];
    case 'rewrites':
      return [['rewrites-the-table', fact.table]];
    case 'creates-trigger':
      // A function defined elsewhere cannot be read here, so it is not vouched for.
      return made.functions.get(fact.function) === false
        ? []
        : [['adds-a-refusing-trigger', fact.table]];
  }
}

/**
 * The breaks in one migration's statements, each string holding one or more. A table the same
 * migration created is new: nothing serves from it yet, so it may be indexed, constrained or
 * dropped freely; so may an index it built.
 */
export function findPolicyBreaks(sent: readonly string[]): PolicyBreak[] {
  const made: MadeHere = { tables: new Set(), indexes: new Set(), functions: new Map() };
  const breaks: PolicyBreak[] = [];
  for (const { text, facts } of sent.flatMap((sql) => readStatements(sql))) {
    for (const fact of facts) {
      for (const [rule, target] of judge(fact, made)) {
        breaks.push({ rule, target, statement: text });
      }
      if (fact.kind === 'creates-table') made.tables.add(fact.table);
      if (fact.kind === 'creates-index') made.indexes.add(fact.index);
      if (fact.kind === 'defines-trigger-function') made.functions.set(fact.name, fact.raises);
    }
  }
  return breaks;
}

/** Long statements (function bodies) are cut: the rule and its target say the rest. */
const SHOWN_STATEMENT_LENGTH = 200;

/** The verdict on one break, for a person: which statement, which rule, why, and what instead. */
export function explainBreak({ rule, target, statement }: PolicyBreak): string {
  const oneLine = statement.split(/\s+/).join(' ');
  const shown =
    oneLine.length > SHOWN_STATEMENT_LENGTH
      ? `${oneLine.slice(0, SHOWN_STATEMENT_LENGTH)}…`
      : oneLine;
  const { why, instead } = POLICY_RULES[rule];
  return `${rule} on ${target}: \`${shown}\` ${why}. Instead: ${instead}.`;
}
