/**
 * What a migration may do to PostgreSQL while the previous release keeps serving against the
 * same database (docs/decisions/0094-migrations-the-previous-release-survives.md): read from
 * the SQL each migration really sends, so the builder's statements and raw SQL are judged alike.
 */

/** Why a statement would fail the previous release, or stop it, while it runs. */
export const POLICY_RULES = {
  'changes-a-column-type':
    'changes a column’s type: the table is rewritten under an exclusive lock, and the previous release may write values the new type refuses',
  'sets-not-null':
    'sets NOT NULL: the previous release may still write nulls, and every row is read under an exclusive lock',
  'adds-not-null-without-default':
    'adds a NOT NULL column without a default: the previous release’s inserts do not name it and fail',
  'drops-or-renames':
    'drops or renames a column or table the previous release may still use; remove it a release after the last one that reads it',
  'validates-under-lock':
    'adds a check or foreign key that reads every row under a lock that stops writes; add it NOT VALID, then VALIDATE CONSTRAINT in a migration of its own',
  'indexes-without-concurrently':
    'builds an index on a large table under a lock that stops writes; CREATE INDEX CONCURRENTLY, in a migration run outside a transaction',
  'rewrites-the-table':
    'rewrites the whole table under an exclusive lock (a stored generated column, a volatile default, VACUUM FULL, CLUSTER)',
  'updates-a-large-table':
    'updates or deletes rows of a large table inside the migration’s transaction, holding their locks until it commits; batch it outside the migration, or show it touches few rows',
  'locks-a-table': 'locks a table explicitly',
} as const;

export type PolicyRule = keyof typeof POLICY_RULES;

/** One statement a rule refuses. */
export type PolicyBreak = { rule: PolicyRule; table: string; statement: string };

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

const NAME = '([a-z_0-9]+)';

/** Lower case, one space between words, no quoted identifiers, no function bodies. */
export function normalizeStatement(statement: string): string {
  return statement
    .replace(/\$\$[\s\S]*?\$\$/g, '$$$$')
    .replaceAll('"', '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The statement with every parenthesized part taken out, so `check (x is not null)` says nothing. */
function withoutParentheses(statement: string): string {
  let previous = '';
  let current = statement;
  while (current !== previous) {
    previous = current;
    current = current.replace(/\([^()]*\)/g, '');
  }
  return current.replace(/\s+/g, ' ');
}

function judgeAlterTable(actions: string, isLarge: boolean): PolicyRule[] {
  const found: PolicyRule[] = [];
  const bare = withoutParentheses(actions);
  if (/alter column [a-z_0-9]+ (set data )?type /.test(bare)) found.push('changes-a-column-type');
  if (/alter column [a-z_0-9]+ set not null/.test(bare)) found.push('sets-not-null');
  if (/\bdrop column\b|\brename\b/.test(bare)) found.push('drops-or-renames');
  if (/add constraint [a-z_0-9]+ (check|foreign key)/.test(bare) && !/not valid/.test(bare)) {
    found.push('validates-under-lock');
  }
  for (const column of bare.split(/,\s*(?=add column)/).filter((part) => /add column/.test(part))) {
    if (/not null/.test(column) && !/default/.test(column)) {
      found.push('adds-not-null-without-default');
    }
    if (/generated always as stored/.test(column)) found.push('rewrites-the-table');
    if (/default .*(random|uuid|clock_timestamp|nextval)/.test(column)) {
      found.push('rewrites-the-table');
    }
    if (isLarge && /\b(check|references)\b/.test(column)) found.push('validates-under-lock');
  }
  return found;
}

/**
 * The breaks in one migration's statements. A table the same migration created is new: nothing
 * serves from it yet, so it may be indexed, constrained or dropped freely.
 */
export function findPolicyBreaks(statements: readonly string[]): PolicyBreak[] {
  const created = new Set<string>();
  const breaks: PolicyBreak[] = [];
  for (const raw of statements) {
    const statement = normalizeStatement(raw);
    const report = (rule: PolicyRule, table: string) => {
      if (!created.has(table)) breaks.push({ rule, table, statement });
    };
    const createTable = new RegExp(`^create (unlogged )?table (if not exists )?${NAME}`).exec(
      statement,
    );
    if (createTable?.[3] !== undefined) created.add(createTable[3]);

    const alter = new RegExp(`^alter table (if exists )?(only )?${NAME} (.*)$`).exec(statement);
    if (alter?.[3] !== undefined && alter[4] !== undefined) {
      const table = alter[3];
      for (const rule of judgeAlterTable(alter[4], LARGE_TABLES.has(table))) {
        report(rule, table);
      }
    }

    const index = new RegExp(
      `^create (unique )?index (concurrently )?(if not exists )?(${NAME} )?on (only )?${NAME}`,
    ).exec(statement);
    const indexed = index?.[7];
    if (indexed !== undefined && index?.[2] === undefined && LARGE_TABLES.has(indexed)) {
      report('indexes-without-concurrently', indexed);
    }

    const dropTable = new RegExp(`^drop table (if exists )?${NAME}`).exec(statement);
    if (dropTable?.[2] !== undefined) report('drops-or-renames', dropTable[2]);

    // Anywhere in the statement, not only at its start: a `with … update` or a data-modifying
    // common table expression writes rows as surely. Trigger functions' bodies are gone already.
    const rowWrite = new RegExp(`(?:^|[ (])(?:update ${NAME} set |delete from ${NAME}\\b)`).exec(
      statement,
    );
    const written = rowWrite?.[1] ?? rowWrite?.[2];
    if (written !== undefined && LARGE_TABLES.has(written))
      report('updates-a-large-table', written);

    const lock = new RegExp(`^lock (table )?${NAME}`).exec(statement);
    if (lock?.[2] !== undefined) report('locks-a-table', lock[2]);

    const rewrite = new RegExp(`^(vacuum full|cluster) ${NAME}`).exec(statement);
    if (rewrite?.[2] !== undefined) report('rewrites-the-table', rewrite[2]);
  }
  return breaks;
}
