import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { MoveRepository } from './repository.ts';
import { moveRoutes } from './routes.ts';
import { MoveService } from './service.ts';

/** The moves module's own composition: repository → service → routes. */
export function registerMoves(
  app: FastifyInstance,
  deps: { db: Db; holds: HoldScope; invalidate: (deviceId: string) => void },
) {
  moveRoutes(app, new MoveService(new MoveRepository(deps.db), deps.holds, deps.invalidate));
}
