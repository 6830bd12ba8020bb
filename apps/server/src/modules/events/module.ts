import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import { EVENTS_MESSAGES } from './messages.ts';
import { EventRepository } from './repository.ts';
import { eventRoutes } from './routes.ts';
import { EventService } from './service.ts';

/** The event list's composition: repository → service → routes. */
export function registerEvents(app: FastifyInstance, deps: { db: Db; holds: HoldScope; exporter: Exporter }) {
  registerMessages(EVENTS_MESSAGES);
  eventRoutes(app, new EventService(new EventRepository(deps.db), deps.holds), deps.exporter);
}
