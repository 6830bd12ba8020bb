import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { ZoneBinder, type ZonePushPort } from './binder.ts';
import { FenceRepository } from './fence-repository.ts';
import { fenceRoutes } from './fence-routes.ts';
import { FenceService } from './fence-service.ts';
import { ZONES_MESSAGES } from './messages.ts';
import { ModelRepository } from './model-repository.ts';
import { modelRoutes } from './model-routes.ts';
import { ModelService } from './model-service.ts';
import { RoadRepository } from './road-repository.ts';
import { roadRoutes } from './road-routes.ts';
import { RoadService } from './road-service.ts';

/**
 * The zones module's composition: fences, roads and device models. `changed` is app.ts's notifyZones (the fence
 * engine reloads); `push` writes zones to JT/T 808 terminals (absent: binding never pushes).
 */
export function registerZones(
  app: FastifyInstance,
  deps: {
    db: Db;
    holds: HoldScope;
    logs: OperationLogRepository;
    changed: () => void;
    push?: ZonePushPort | undefined;
  },
) {
  registerMessages(ZONES_MESSAGES);
  const binder = new ZoneBinder(deps.holds, () => deps.push);
  fenceRoutes(app, new FenceService(new FenceRepository(deps.db), deps.holds, deps.logs, binder, deps.changed));
  modelRoutes(app, new ModelService(new ModelRepository(deps.db), deps.logs, deps.changed));
  roadRoutes(app, new RoadService(new RoadRepository(deps.db), deps.holds, deps.logs, binder, deps.changed));
}
