/**
 * What an error looks like in the log. A failed query's error carries the values bound to it
 * (drizzle's `params` and the "params: …" line of its message, PostgreSQL's `detail` quoting a
 * conflicting key): a password hash, a phone number, an SMS code. The log keeps the query text
 * and PostgreSQL's code, constraint, table and column, which say what went wrong, and never the values.
 */

/** Properties of an error (at any depth of its causes) that may hold the values bound to a query. */
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery']);
const MAX_CAUSES = 5;

type Serialized = Record<string, unknown>;

/** drizzle's DrizzleQueryError writes `Failed query: <text>\nparams: <values>`: only the text is kept. */
function withoutValues(text: string): string {
  const at = text.search(/\nparams: /);
  return at < 0 ? text : text.slice(0, at);
}

function serialize(err: unknown, depth: number): unknown {
  if (!(err instanceof Error)) return typeof err === 'object' && err !== null ? '[object]' : err;
  const message = withoutValues(err.message);
  const out: Serialized = {
    type: err.constructor?.name ?? err.name,
    message,
    // The stack's first line repeats the message, values included.
    stack: err.stack?.replace(err.message, message),
  };
  for (const [key, value] of Object.entries(err)) {
    if (VALUE_KEYS.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (key === 'query' && typeof value === 'string') out.query = value;
    // Anything structured (arrays of values, request objects) stays out: only plain facts are copied.
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) out.cause = serialize(err.cause, depth + 1);
  return out;
}

/** The `err` serializer of every logger the server makes (buildApp's pino options). */
export const errSerializer = (err: unknown): unknown => serialize(err, 0);
