import { FUNCTIONS } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ReplyOf } from '../../lib/schemas.ts';

const FunctionRow = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  group: Type.String(),
  parent: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.Object({ zh: Type.String(), en: Type.String(), fr: Type.String() }),
});

/** The functions the caller may grant to others: exactly those it holds (spec section 6). */
export function functionRoutes(app: FastifyInstance) {
  app.get(
    '/API/api/Function/GetFunctionList',
    { schema: { tags: ['users'], response: { 200: ReplyOf(Type.Array(FunctionRow)) } } },
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
