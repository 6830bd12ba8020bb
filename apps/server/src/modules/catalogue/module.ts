import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../downloads/exporter.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import { catalogueExportRoutes } from './export-routes.ts';
import { CatalogueRepository } from './repository.ts';
import { catalogueRoutes } from './routes.ts';
import { CatalogueRules } from './rules.ts';
import { CardTypeService, OperatorService, PackageService, SupplierService } from './service.ts';

/** The catalogue's own composition, so app.ts wires it in one line. */
export function registerCatalogue(
  app: FastifyInstance,
  deps: { db: Db; holds: HoldRepository; logs: LogRepository; exporter: Exporter },
) {
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
