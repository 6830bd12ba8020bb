import type { Db } from '@lodestar/db';
import type { FastifyInstance } from 'fastify';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { CommandService } from '../commands/service.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import { PHOTOS_MESSAGES } from './messages.ts';
import { PhotoRepository } from './repository.ts';
import { photoRoutes } from './routes.ts';
import { PhotoService } from './service.ts';

/** The photos module: the calls on photos the gateway's PhotoSink (ingest/photo-sink.ts) stored under dataDir. */
export function registerPhotos(
  app: FastifyInstance,
  deps: { db: Db; dataDir: string; holds: HoldScope; devices: DeviceRepository; commands: CommandService },
) {
  registerMessages(PHOTOS_MESSAGES);
  const svc = new PhotoService(new PhotoRepository(deps.db), deps.devices, deps.holds, deps.commands, deps.dataDir);
  photoRoutes(app, svc);
}
