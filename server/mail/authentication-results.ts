/** One method's verdict in an Authentication-Results field: `dkim=pass header.d=example.com`. */
export type MethodResult = {
  /** `dkim`, `spf`, `dmarc`…, in lower case; a version (`dkim/1`) is dropped. */
  method: string;
  /** `pass`, `fail`, `none`…, in lower case. */
  result: string;
  /**
   * `header.d`, `smtp.mailfrom`, `header.from`… (names in lower case) with their first value;
   * also the non-standard `key=value` pairs some servers write (`action=none`).
   */
  properties: ReadonlyMap<string, string>;
};

export type AuthenticationResults = {
  /** The server that wrote the field, as it names itself. */
  authservId: string;
  results: MethodResult[];
};

/** The longest field read: a real one, even with several signatures, is well under 2 KB. */
export const MAX_FIELD_LENGTH = 8 * 1024;

/** Results read from one field at most; a server checks a handful of methods. */
const MAX_RESULTS = 32;

const WHITESPACE = ' \t\r\n';
/** Where a bare value ends: whitespace, a comment, a quoted string, the next result. */
const VALUE_END = `${WHITESPACE};()"`;
/** Where a name ends: as a value, and at its `=`. */
const NAME_END = `${VALUE_END}=`;

/**
 * A cursor over the field's text. Every step moves forward or stops, so reading is linear in
 * the field's length, which MAX_FIELD_LENGTH bounds.
 */
class FieldReader {
  private at = 0;

  constructor(private readonly text: string) {}

  isAtEnd(): boolean {
    return this.at >= this.text.length;
  }

  /** Whether the next character is `char`; if so, it is taken. */
  take(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at += 1;
    return true;
  }

  /** Skips whitespace and comments (nested, with `\` escapes); false for an unclosed comment. */
  skipSpaceAndComments(): boolean {
    while (!this.isAtEnd()) {
      const char = this.text[this.at] ?? '';
      if (WHITESPACE.includes(char)) {
        this.at += 1;
      } else if (char === '(') {
        if (!this.skipComment()) return false;
      } else {
        return true;
      }
    }
    return true;
  }

  private skipComment(): boolean {
    let depth = 0;
    while (!this.isAtEnd()) {
      const char = this.text[this.at];
      this.at += char === '\\' ? 2 : 1;
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      if (depth === 0) return true;
    }
    return false;
  }

  /** A quoted string (unescaped) or a bare run up to `ends`; null when there is none. */
  readValue(ends = VALUE_END): string | null {
    if (this.take('"')) return this.readQuoted();
    const start = this.at;
    while (!this.isAtEnd() && !ends.includes(this.text[this.at] ?? '')) this.at += 1;
    return this.at === start ? null : this.text.slice(start, this.at);
  }

  private readQuoted(): string | null {
    let value = '';
    while (!this.isAtEnd()) {
      const char = this.text[this.at] ?? '';
      this.at += 1;
      if (char === '"') return value;
      if (char === '\\') {
        value += this.text[this.at] ?? '';
        this.at += 1;
      } else {
        value += char;
      }
    }
    return null;
  }

  /** A name, up to its `=`; null when there is none. */
  readName(): string | null {
    return this.readValue(NAME_END)?.toLowerCase() ?? null;
  }

  /** `= value` after a name, spaces and comments allowed around `=`; null when malformed. */
  readAssignedValue(): string | null {
    if (!this.skipSpaceAndComments() || !this.take('=')) return null;
    return this.skipSpaceAndComments() ? this.readValue() : null;
  }
}

/** The method's properties, up to the next `;` or the end; null when one is malformed. */
function readProperties(reader: FieldReader): Map<string, string> | null {
  const properties = new Map<string, string>();
  while (reader.skipSpaceAndComments()) {
    if (reader.isAtEnd() || reader.take(';')) return properties;
    const name = reader.readName();
    const value = name === null ? null : reader.readAssignedValue();
    if (name === null || value === null) return null;
    if (!properties.has(name)) properties.set(name, value);
  }
  return null;
}

/** What follows the authserv-id: an optional version, then the end or the first `;`. */
function skipVersion(reader: FieldReader): boolean {
  if (!reader.skipSpaceAndComments()) return false;
  if (reader.isAtEnd() || reader.take(';')) return true;
  const version = reader.readValue() ?? '';
  if (!/^\d+$/.test(version) || !reader.skipSpaceAndComments()) return false;
  return reader.isAtEnd() || reader.take(';');
}

/**
 * The field's value (after `Authentication-Results:`), read as RFC 8601 writes it:
 * `authserv-id [version]; method=result [reason=…] [ptype.property=value …]; …` or
 * `authserv-id; none`, with comments and quoted strings anywhere a space may be. Null for a
 * field that is malformed or longer than MAX_FIELD_LENGTH: nothing in it is believed.
 */
export function parseAuthenticationResults(field: string): AuthenticationResults | null {
  if (field.length > MAX_FIELD_LENGTH) return null;
  const reader = new FieldReader(field);
  if (!reader.skipSpaceAndComments()) return null;
  const authservId = reader.readValue();
  if (authservId === null || !skipVersion(reader)) return null;
  const results: MethodResult[] = [];
  for (;;) {
    if (!reader.skipSpaceAndComments()) return null;
    if (reader.isAtEnd()) return { authservId, results };
    if (reader.take(';')) continue;
    const method = reader.readName();
    if (method === null) return null;
    if (method === 'none') {
      // `authserv-id; none`: the server checked nothing, and nothing may follow the word.
      if (readProperties(reader)?.size !== 0) return null;
      continue;
    }
    const result = reader.readAssignedValue();
    const properties = result === null ? null : readProperties(reader);
    if (result === null || properties === null || results.length === MAX_RESULTS) return null;
    results.push({
      method: method.split('/')[0] ?? method,
      result: result.toLowerCase(),
      properties,
    });
  }
}
