import { LIMITS } from '@lodestar/domain';

type Schema = Record<string, unknown>;

/**
 * Gives every integer of a request schema that sets no bound of its own the range of a PostgreSQL
 * integer, so a number past it is a 400 naming the field instead of a database error (a 500). Ids
 * already carry this range (contract `Id`); this covers the rest (function ids, package ids, counts)
 * without every schema having to remember it. Changes the schema in place, before Fastify compiles it.
 */
export function boundIntegers(schema: unknown): void {
  const seen = new Set<Schema>();
  const stack: unknown[] = [schema];
  while (stack.length) {
    const s = stack.pop();
    if (!s || typeof s !== 'object' || seen.has(s as Schema)) continue;
    const node = s as Schema;
    seen.add(node);
    if (node.type === 'integer') {
      if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = LIMITS.intMax;
      if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = -LIMITS.intMax - 1;
    }
    for (const key of ['properties', 'patternProperties'] as const)
      if (node[key] && typeof node[key] === 'object') stack.push(...Object.values(node[key] as Schema));
    for (const key of ['items', 'additionalProperties', 'not'] as const) stack.push(node[key]);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const)
      if (Array.isArray(node[key])) stack.push(...(node[key] as unknown[]));
  }
}
