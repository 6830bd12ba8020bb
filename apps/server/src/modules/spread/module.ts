import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { RegionLocator, scheduleLocator } from './locator.ts';
import { RegionIndex } from './regions.ts';
import { SpreadRepository } from './repository.ts';
import { spreadRoutes } from './routes.ts';
import { SpreadService } from './service.ts';

let index: RegionIndex | undefined;
/** Built once per process, on first use (about 0.3 s: the boundary data is decoded then). */
const regionIndex = () => {
  index ??= new RegionIndex();
  return index;
};

/** The business map: device_regions kept by the locator, Spread/… calls over it. */
export function registerSpread(app: FastifyInstance, deps: { pool: Pool; holds: HoldScope; locate: boolean }) {
  const repo = new SpreadRepository(deps.pool);
  const locator = new RegionLocator(repo, regionIndex);
  if (deps.locate) scheduleLocator(app, locator);
  spreadRoutes(app, new SpreadService(repo, locator, deps.holds));
  return locator;
}
