import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { VEHICLES_MESSAGES } from './messages.ts';
import { VehicleRepository } from './repository.ts';
import { vehicleRoutes } from './routes.ts';
import { VehicleService } from './service.ts';

/** The vehicles module's own composition: repository → service → routes. */
export function registerVehicles(
  app: FastifyInstance,
  deps: { db: Db; holds: HoldScope; logs: OperationLogRepository; exporter: Exporter; onlineTimeoutMs: number },
) {
  registerMessages(VEHICLES_MESSAGES);
  const service = new VehicleService(new VehicleRepository(deps.db), deps.holds, deps.logs, deps.onlineTimeoutMs);
  vehicleRoutes(app, service, deps.exporter);
}
