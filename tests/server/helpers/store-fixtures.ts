import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe } from 'vitest';
import type { ContactMessage } from '../../../common/contact';
import { openPostgresStore } from '../../../server/store/postgres-store';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../../server/store/sqlite-store';
import type { NewEnquiry } from '../../../server/store/enquiries/enquiry-types';
import type { Store } from '../../../server/store/store';
import { createPostgresDatabase } from '../../support/postgres-database';
import { readTestDatabaseUrl } from './backends';

/** One empty database, and ways to open stores on it and to sabotage it from outside. */
export type StoreFixture = {
  /** PostgreSQL: the database's URL, for another process to open; SQLite: undefined. */
  databaseUrl?: string;
  /** Opens another store on the same database (its own connections). */
  open(): Promise<Store>;
  /**
   * A store that competes with `store` for rows: a second pool on PostgreSQL. On SQLite it is
   * `store` itself: better-sqlite3 waits for a lock synchronously, so a second connection in the
   * same thread would block the very event loop that must finish the first transaction. A
   * process uses one SQLite connection; other processes (the CLI) wait on the file lock.
   */
  rival(store: Store): Promise<Store>;
  /** Makes every insert into the outbox fail, to prove the enquiry insert rolls back. */
  breakOutboxInserts(): Promise<void>;
  dispose(): Promise<void>;
};

export async function createSqliteFixture(): Promise<StoreFixture> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ember-store-'));
  const stores: Store[] = [];
  return {
    async open() {
      const store = await openSqliteStore({ dataDir });
      stores.push(store);
      return store;
    },
    rival: (store) => Promise.resolve(store),
    breakOutboxInserts() {
      const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
      database.exec(
        `create trigger outbox_broken before insert on outbox begin select raise(abort, 'outbox broken'); end;`,
      );
      database.close();
      return Promise.resolve();
    },
    async dispose() {
      await Promise.all(stores.map((store) => store.close()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createPostgresFixture(adminUrl: string): Promise<StoreFixture> {
  const database = await createPostgresDatabase(adminUrl);
  const stores: Store[] = [];
  return {
    databaseUrl: database.url,
    async open() {
      const store = await openPostgresStore({ connectionString: database.url });
      stores.push(store);
      return store;
    },
    async rival() {
      const store = await openPostgresStore({ connectionString: database.url });
      stores.push(store);
      return store;
    },
    async breakOutboxInserts() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`
        create function outbox_broken() returns trigger language plpgsql
          as $$ begin raise exception 'outbox broken'; end $$;
        create trigger outbox_broken before insert on outbox
          for each row execute function outbox_broken();`);
      await client.end();
    },
    async dispose() {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    },
  };
}

/** The store under test in the current test: a fresh, empty database each time. */
export type StoreUnderTest = { readonly store: Store; readonly fixture: StoreFixture };

/** A way to create an empty database of each kind: SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function listStoreFixtures(): {
  name: string;
  createFixture: () => Promise<StoreFixture>;
}[] {
  const postgresUrl = readTestDatabaseUrl();
  return [
    { name: 'SQLite', createFixture: createSqliteFixture },
    ...(postgresUrl === undefined
      ? []
      : [{ name: 'PostgreSQL', createFixture: () => createPostgresFixture(postgresUrl) }]),
  ];
}

/**
 * Runs `suite` once against SQLite and once against PostgreSQL (when TEST_DATABASE_URL is set),
 * so the two stores keep one contract.
 */
export function describeEachStore(title: string, suite: (current: StoreUnderTest) => void): void {
  describe.each(listStoreFixtures())(`${title} ($name)`, ({ createFixture }) => {
    let current: { store: Store; fixture: StoreFixture } | undefined;
    beforeEach(async () => {
      const fixture = await createFixture();
      current = { fixture, store: await fixture.open() };
    });
    afterEach(() => current?.fixture.dispose());
    const open = () => {
      if (current === undefined) throw new Error('The store opens before each test');
      return current;
    };
    suite({
      get store() {
        return open().store;
      },
      get fixture() {
        return open().fixture;
      },
    });
  });
}

export const MESSAGE: ContactMessage = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  service: 'Brand Strategy',
  message: 'We need a new identity.\nBudget: modest.',
};

/** A valid enquiry as the contact route hands it to the store. */
export function newEnquiry(overrides: Partial<NewEnquiry> = {}): NewEnquiry {
  return {
    message: MESSAGE,
    isSpam: false,
    clientIp: '203.0.113.7',
    userAgent: 'Test Browser',
    idempotency: null,
    ...overrides,
  };
}

let people = 0;

/**
 * Saves `count` enquiries one after the other, each from its own person (one person's would
 * join one lead), and returns their ids.
 */
export async function saveEnquiries(store: Store, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    people += 1;
    const email = `ann.${people}@example.com`;
    const result = await store.saveEnquiry(newEnquiry({ message: { ...MESSAGE, email } }));
    if (result.kind === 'created') ids.push(result.id);
  }
  return ids;
}
