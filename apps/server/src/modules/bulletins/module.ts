import type { Db } from '@lodestar/db';
import type { Platform } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { BrandingRepository } from './branding-repository.ts';
import { BrandingService } from './branding-service.ts';
import { BULLETINS_MESSAGES } from './messages.ts';
import { BulletinRepository } from './repository.ts';
import { bulletinRoutes } from './routes.ts';
import { BulletinService } from './service.ts';

/** Notices for a subtree, and hold branding with the platform setting (issue #21). */
export function registerBulletins(
  app: FastifyInstance,
  deps: { db: Db; holds: HoldScope; logs: OperationLogRepository; platform: Platform; now?: () => Date },
) {
  registerMessages(BULLETINS_MESSAGES);
  bulletinRoutes(
    app,
    new BulletinService(new BulletinRepository(deps.db), deps.holds, deps.logs, deps.now),
    new BrandingService(new BrandingRepository(deps.db), deps.holds, deps.logs, deps.platform),
  );
}
