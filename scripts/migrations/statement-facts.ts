/**
 * What each SQL statement a migration sends does to the schema and its rows, read with
 * PostgreSQL's own parser (libpg-query), so that quoting, schemas, aliases, `ONLY`, several
 * statements in one string and function bodies are read as PostgreSQL reads them
 * (docs/decisions/0111-the-migration-lint-reads-with-postgresql-s-parser.md). It says what
 * happens; migration-policy.ts judges whether the previous release survives it.
 */
import {
  loadModule,
  parsePlPgSQLSync,
  parseSync,
  type AlterTableCmd,
  type ColumnDef,
  type Constraint,
  type CreateFunctionStmt,
  type Node,
  type RangeVar,
} from 'libpg-query';

await loadModule();

/** One thing a statement does, to the table (or index, or function) it names. */
export type StatementFact =
  | { kind: 'creates-table'; table: string }
  | { kind: 'creates-index'; table: string; index: string; unique: boolean; concurrently: boolean }
  | { kind: 'changes-column-type'; table: string }
  | { kind: 'sets-not-null'; table: string }
  | { kind: 'drops-default'; table: string }
  | {
      kind: 'adds-column';
      table: string;
      notNullWithoutDefault: boolean;
      rewritesTheTable: boolean;
      checksRows: boolean;
      unique: boolean;
    }
  | { kind: 'adds-check'; table: string; notValid: boolean }
  | { kind: 'adds-unique'; table: string }
  | { kind: 'drops-or-renames'; table: string }
  | { kind: 'drops-or-renames-constraint'; table: string }
  | { kind: 'drops-or-renames-index'; index: string }
  | { kind: 'writes-rows'; table: string }
  | { kind: 'locks'; table: string }
  | { kind: 'rewrites'; table: string }
  | { kind: 'defines-trigger-function'; name: string; replaces: boolean; raises: boolean }
  | { kind: 'creates-trigger'; table: string; function: string };

/** One statement as sent, and what it does. */
export type ReadStatement = { text: string; facts: StatementFact[] };

/** Defaults evaluated once per existing row, so adding a column with one rewrites the table. */
const VOLATILE_DEFAULTS: ReadonlySet<string> = new Set([
  'random',
  'gen_random_uuid',
  'uuid_generate_v1',
  'uuid_generate_v4',
  'uuidv4',
  'uuidv7',
  'clock_timestamp',
  'timeofday',
  'nextval',
]);

/** Types whose column takes its values from a sequence, one per existing row. */
const SERIAL_TYPES: ReadonlySet<string> = new Set(['smallserial', 'serial', 'bigserial']);

/** PostgreSQL's ERROR level: `RAISE EXCEPTION`, and `RAISE` with no level, abort the write. */
const RAISES_AN_ERROR = 21;

/**
 * Every statement in `sql` (one string may hold several), with what each does. Throws on SQL
 * PostgreSQL would refuse, as the migration itself would fail.
 */
export function readStatements(sql: string): ReadStatement[] {
  // The parser's offsets count UTF-8 bytes.
  const bytes = Buffer.from(sql);
  return (parseSync(sql).stmts ?? []).map(({ stmt, stmt_location = 0, stmt_len }) => {
    const end = stmt_len === undefined || stmt_len === 0 ? bytes.length : stmt_location + stmt_len;
    const text = bytes.subarray(stmt_location, end).toString().trim();
    return { text, facts: stmt === undefined ? [] : factsOf(stmt, text) };
  });
}

function factsOf(stmt: Node, text: string): StatementFact[] {
  // Anywhere in the statement, not only at its top: a data-modifying common table expression
  // writes rows as surely. Function bodies are strings to the parser, so never walked here.
  const writes = collect(stmt, (key, value) =>
    key === 'UpdateStmt' || key === 'DeleteStmt' || key === 'MergeStmt'
      ? {
          kind: 'writes-rows' as const,
          table: tableOf((value as { relation?: RangeVar }).relation),
        }
      : undefined,
  );
  return [...ownFacts(stmt, text), ...writes];
}

function ownFacts(stmt: Node, text: string): StatementFact[] {
  if ('CreateStmt' in stmt) {
    return [{ kind: 'creates-table', table: tableOf(stmt.CreateStmt.relation) }];
  }
  if ('AlterTableStmt' in stmt) {
    const table = tableOf(stmt.AlterTableStmt.relation);
    return (stmt.AlterTableStmt.cmds ?? []).flatMap((cmd) =>
      'AlterTableCmd' in cmd ? alterationFacts(table, cmd.AlterTableCmd) : [],
    );
  }
  if ('IndexStmt' in stmt) {
    const { relation, idxname = '', unique = false, concurrent = false } = stmt.IndexStmt;
    return [
      {
        kind: 'creates-index',
        table: tableOf(relation),
        index: idxname,
        unique,
        concurrently: concurrent,
      },
    ];
  }
  if ('DropStmt' in stmt) {
    const { removeType, objects = [] } = stmt.DropStmt;
    const names = objects.map((object) => ('List' in object ? lastName(object.List.items) : ''));
    if (removeType === 'OBJECT_TABLE') {
      return names.map((table) => ({ kind: 'drops-or-renames', table }));
    }
    if (removeType === 'OBJECT_INDEX') {
      return names.map((index) => ({ kind: 'drops-or-renames-index', index }));
    }
    return [];
  }
  if ('RenameStmt' in stmt) {
    const { renameType, relation } = stmt.RenameStmt;
    const name = tableOf(relation);
    if (renameType === 'OBJECT_TABLE' || renameType === 'OBJECT_COLUMN') {
      return [{ kind: 'drops-or-renames', table: name }];
    }
    if (renameType === 'OBJECT_TABCONSTRAINT') {
      return [{ kind: 'drops-or-renames-constraint', table: name }];
    }
    if (renameType === 'OBJECT_INDEX') return [{ kind: 'drops-or-renames-index', index: name }];
    return [];
  }
  if ('LockStmt' in stmt) {
    return (stmt.LockStmt.relations ?? []).map((relation) => ({
      kind: 'locks',
      table: 'RangeVar' in relation ? tableOf(relation.RangeVar) : '',
    }));
  }
  if ('VacuumStmt' in stmt) {
    const { options = [], rels = [] } = stmt.VacuumStmt;
    const full = options.some((option) => 'DefElem' in option && option.DefElem.defname === 'full');
    if (!full) return [];
    return rels.map((rel) => ({
      kind: 'rewrites',
      table: 'VacuumRelation' in rel ? tableOf(rel.VacuumRelation.relation) : '',
    }));
  }
  if ('ClusterStmt' in stmt) {
    return [{ kind: 'rewrites', table: tableOf(stmt.ClusterStmt.relation) }];
  }
  if ('CreateTrigStmt' in stmt) {
    const { relation, funcname } = stmt.CreateTrigStmt;
    return [{ kind: 'creates-trigger', table: tableOf(relation), function: lastName(funcname) }];
  }
  if (
    'CreateFunctionStmt' in stmt &&
    lastName(stmt.CreateFunctionStmt.returnType?.names) === 'trigger'
  ) {
    const { funcname, replace = false } = stmt.CreateFunctionStmt;
    return [
      {
        kind: 'defines-trigger-function',
        name: lastName(funcname),
        replaces: replace,
        raises: raisesAnError(stmt.CreateFunctionStmt, text),
      },
    ];
  }
  return [];
}

function alterationFacts(table: string, cmd: AlterTableCmd): StatementFact[] {
  const def = cmd.def;
  switch (cmd.subtype) {
    case 'AT_AlterColumnType':
      return [{ kind: 'changes-column-type', table }];
    case 'AT_SetNotNull':
      return [{ kind: 'sets-not-null', table }];
    case 'AT_ColumnDefault':
      return def === undefined ? [{ kind: 'drops-default', table }] : [];
    case 'AT_DropColumn':
      return [{ kind: 'drops-or-renames', table }];
    case 'AT_DropConstraint':
      return [{ kind: 'drops-or-renames-constraint', table }];
    case 'AT_AddColumn':
      return def !== undefined && 'ColumnDef' in def ? [columnFact(table, def.ColumnDef)] : [];
    case 'AT_AddConstraint':
      return def !== undefined && 'Constraint' in def ? constraintFacts(table, def.Constraint) : [];
    default:
      return [];
  }
}

function constraintFacts(table: string, constraint: Constraint): StatementFact[] {
  switch (constraint.contype) {
    case 'CONSTR_CHECK':
    case 'CONSTR_FOREIGN':
      return [{ kind: 'adds-check', table, notValid: constraint.skip_validation === true }];
    case 'CONSTR_UNIQUE':
    case 'CONSTR_PRIMARY':
    case 'CONSTR_EXCLUSION':
      // `USING INDEX` adopts a unique index built before: nothing new is refused or built.
      return constraint.indexname === undefined ? [{ kind: 'adds-unique', table }] : [];
    default:
      return [];
  }
}

function columnFact(table: string, column: ColumnDef): StatementFact {
  const constraints = (column.constraints ?? []).flatMap((node) =>
    'Constraint' in node ? [node.Constraint] : [],
  );
  const has = (test: (constraint: Constraint) => boolean) => constraints.some(test);
  const ofType = (...types: Constraint['contype'][]) =>
    has((constraint) => types.includes(constraint.contype));
  return {
    kind: 'adds-column',
    table,
    notNullWithoutDefault:
      ofType('CONSTR_NOTNULL') && !ofType('CONSTR_DEFAULT', 'CONSTR_GENERATED', 'CONSTR_IDENTITY'),
    rewritesTheTable:
      SERIAL_TYPES.has(lastName(column.typeName?.names)) ||
      ofType('CONSTR_IDENTITY') ||
      has(
        ({ contype, generated_kind }) => contype === 'CONSTR_GENERATED' && generated_kind !== 'v',
      ) ||
      has(({ contype, raw_expr }) => contype === 'CONSTR_DEFAULT' && callsVolatile(raw_expr)),
    checksRows: ofType('CONSTR_CHECK', 'CONSTR_FOREIGN'),
    unique: ofType('CONSTR_UNIQUE', 'CONSTR_PRIMARY'),
  };
}

function callsVolatile(expression: Node | undefined): boolean {
  const called = collect(expression, (key, value) =>
    key === 'FuncCall' ? lastName((value as { funcname?: Node[] }).funcname) : undefined,
  );
  return called.some((name) => VOLATILE_DEFAULTS.has(name));
}

/** Whether a PL/pgSQL trigger function can abort the write that fired it. */
function raisesAnError(definition: CreateFunctionStmt, text: string): boolean {
  const language = definition.options?.find(
    (option) => 'DefElem' in option && option.DefElem.defname === 'language',
  );
  const arg = language !== undefined && 'DefElem' in language ? language.DefElem.arg : undefined;
  if (arg === undefined || !('String' in arg) || arg.String.sval !== 'plpgsql') return false;
  const levels = collect(parsePlPgSQLSync(text), (key, value) =>
    key === 'PLpgSQL_stmt_raise' ? ((value as { elog_level?: number }).elog_level ?? 0) : undefined,
  );
  return levels.some((level) => level >= RAISES_AN_ERROR);
}

/** The table's own name: `public.enquiries` and `enquiries` are one table to the policy. */
function tableOf(relation: RangeVar | undefined): string {
  return relation?.relname ?? '';
}

/** The last part of a dotted name (`public.f` is `f`). */
function lastName(parts: Node[] | undefined): string {
  const last = parts?.at(-1);
  return last !== undefined && 'String' in last ? (last.String.sval ?? '') : '';
}

/** What `pick` returns for every key of the tree, in one walk over it. */
function collect<T>(tree: unknown, pick: (key: string, value: unknown) => T | undefined): T[] {
  const found: T[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      const picked = pick(key, value);
      if (picked !== undefined) found.push(picked);
      walk(value);
    }
  };
  walk(tree);
  return found;
}
