import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import { CatalogueRepository } from './repository.ts';
import { catalogueRoutes } from './routes.ts';
import { CatalogueRules } from './rules.ts';
import { CardTypeService, OperatorService, PackageService, SupplierService } from './service.ts';

/** The catalogue's own composition, so app.ts wires it in one line. */
export function registerCatalogue(app: FastifyInstance, deps: { db: Db; holds: HoldRepository; logs: LogRepository }) {
  const rules = new CatalogueRules(new CatalogueRepository(deps.db), deps.holds, deps.logs);
  catalogueRoutes(app, {
    operators: new OperatorService(rules),
    cardTypes: new CardTypeService(rules),
    packages: new PackageService(rules),
    suppliers: new SupplierService(rules),
  });
}
