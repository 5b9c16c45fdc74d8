import type { HttpBindings } from '@hono/node-server';

/** The Hono environment: requests arrive through @hono/node-server, which binds the socket. */
export type AppEnv = { Bindings: HttpBindings };
