import type { schema } from '@lodestar/db';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';

/** The pool's database or an open transaction: the same queries run on both. */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;
