import { FunctionListReply } from '@lodestar/contract/functions';
import { FUNCTIONS } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';

/** The functions the caller may grant to others: exactly those it holds (spec section 6). */
export function functionRoutes(app: FastifyInstance) {
  app.get(
    '/API/api/Function/GetFunctionList',
    { schema: { tags: ['users'], response: { 200: FunctionListReply } } },
    async (req, reply) =>
      reply.ok(
        FUNCTIONS.filter((f) => req.auth.funs.has(f.id)).map((f) => ({
          id: f.id,
          key: f.key,
          group: f.group,
          parent: 'parent' in f ? (f.parent ?? null) : null,
          name: f.name,
        })),
      ),
  );
}
