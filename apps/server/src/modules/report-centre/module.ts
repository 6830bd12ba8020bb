import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { TripService } from '../trips/service.ts';
import { REPORT_CENTRE_MESSAGES } from './messages.ts';
import { ReportCentreRepository } from './repository.ts';
import { reportCentreRoutes } from './routes.ts';
import { ReportCentreService } from './service.ts';

/** The report centre's composition: repository → service → routes; trips and stops through TripService. */
export function registerReportCentre(
  app: FastifyInstance,
  deps: { pool: pg.Pool; holds: HoldScope; exporter: Exporter; trips: Pick<TripService, 'segmentsOf' | 'partsOf'> },
) {
  registerMessages(REPORT_CENTRE_MESSAGES);
  const svc = new ReportCentreService(
    new ReportCentreRepository(deps.pool),
    deps.holds,
    deps.exporter,
    (pk, from, to, minStop) => deps.trips.segmentsOf(pk, from, to, minStop),
    (items) => deps.trips.partsOf(items),
  );
  reportCentreRoutes(app, svc);
}
