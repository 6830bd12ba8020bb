import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { catalogueExportRoutes } from './export-routes.ts';
import { CATALOGUE_MESSAGES } from './messages.ts';
import { CatalogueRepository } from './repository.ts';
import { catalogueRoutes } from './routes.ts';
import { CatalogueRules } from './rules.ts';
import { CardTypeService, OperatorService, PackageService, SupplierService } from './service.ts';

/** The catalogue's own composition, so app.ts wires it in one line. */
export function registerCatalogue(
  app: FastifyInstance,
  deps: { db: Db; holds: HoldScope; logs: OperationLogRepository; exporter: Exporter },
) {
  registerMessages(CATALOGUE_MESSAGES);
  const rules = new CatalogueRules(new CatalogueRepository(deps.db), deps.holds, deps.logs);
  const services = {
    operators: new OperatorService(rules),
    cardTypes: new CardTypeService(rules),
    packages: new PackageService(rules),
    suppliers: new SupplierService(rules),
  };
  catalogueRoutes(app, services);
  catalogueExportRoutes(app, services, deps.exporter);
}
