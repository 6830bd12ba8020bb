import { registerMessages } from '../lib/messages.ts';
import { registerBulletins } from '../modules/bulletins/module.ts';
import { BatchService } from '../modules/commands/batch-service.ts';
import { checkPassword } from '../modules/commands/checks.ts';
import { COMMAND_MESSAGES } from '../modules/commands/messages.ts';
import { CommandRepository } from '../modules/commands/repository.ts';
import { commandRoutes } from '../modules/commands/routes.ts';
import { CommandService } from '../modules/commands/service.ts';
import { scheduleExpirySweep } from '../modules/commands/sweep.ts';
import { DashboardRepository } from '../modules/dashboard/repository.ts';
import { dashboardRoutes } from '../modules/dashboard/routes.ts';
import { DashboardService } from '../modules/dashboard/service.ts';
import { DeviceInfoRepository } from '../modules/devices/info-repository.ts';
import { deviceInfoRoutes } from '../modules/devices/info-routes.ts';
import { DeviceInfoService } from '../modules/devices/info-service.ts';
import { MonitorRepository } from '../modules/devices/monitor-repository.ts';
import { monitorRoutes } from '../modules/devices/monitor-routes.ts';
import { MonitorService } from '../modules/devices/monitor-service.ts';
import { PhotoStore } from '../modules/devices/photos.ts';
import { deviceRoutes } from '../modules/devices/routes.ts';
import { DeviceService } from '../modules/devices/service.ts';
import { registerEvents } from '../modules/events/module.ts';
import { HistoryRepository } from '../modules/history/repository.ts';
import { scheduleTrackRollup, TrackRollup } from '../modules/history/rollup.ts';
import { RollupRepository } from '../modules/history/rollup-repository.ts';
import { historyRoutes } from '../modules/history/routes.ts';
import { HistoryService } from '../modules/history/service.ts';
import { ImportJobs } from '../modules/info-import/jobs.ts';
import { registerInfoImport } from '../modules/info-import/module.ts';
import { MessageRepository } from '../modules/messages/repository.ts';
import { messageRoutes } from '../modules/messages/routes.ts';
import { MessageService } from '../modules/messages/service.ts';
import { registerMoves } from '../modules/moves/module.ts';
import { registerPhotos } from '../modules/photos/module.ts';
import { PoiRepository } from '../modules/pois/repository.ts';
import { poiRoutes } from '../modules/pois/routes.ts';
import { PoiService } from '../modules/pois/service.ts';
import { registerReportCentre } from '../modules/report-centre/module.ts';
import { TripRepository } from '../modules/trips/repository.ts';
import { tripRoutes } from '../modules/trips/routes.ts';
import { TripService } from '../modules/trips/service.ts';
import { VehicleLifeRepository } from '../modules/vehicle-life/repository.ts';
import { vehicleLifeRoutes } from '../modules/vehicle-life/routes.ts';
import { VehicleLifeService } from '../modules/vehicle-life/service.ts';
import { registerVehicles } from '../modules/vehicles/module.ts';
import { registerZones } from '../modules/zones/module.ts';
import { ZonePush } from '../modules/zones/push.ts';
import { ZonePushRepository } from '../modules/zones/push-repository.ts';
import type { AppContext } from './context.ts';

/**
 * The GPS console: devices and vehicles, their tracks, trips and reports, commands and messages, the monitor,
 * fences and roads, events, photos, points of interest, notices and the home. The import jobs are shared with
 * the install module's task import.
 */
export async function registerDevices(ctx: AppContext): Promise<{ importJobs: ImportJobs }> {
  const { app, config, database, db, holdScope, opLog, deviceRepo, exporter, invalidate, live } = ctx;
  const { onlineTimeoutMs } = config;
  const monitorRepo = new MonitorRepository(db, database.pool);
  const commandRepo = new CommandRepository(db, database.pool);
  const notify = ctx.notifyCommand;
  deviceRoutes(
    app,
    new DeviceService(deviceRepo, holdScope, opLog, invalidate, onlineTimeoutMs, (userId) =>
      monitorRepo.followedPks(userId),
    ),
  );
  // History/Export (modules/history) reads trips and stops through tripService.segmentsOf.
  const tripService = new TripService(deviceRepo, new TripRepository(database.pool), config.tripParams);
  tripRoutes(app, tripService);
  const historyRepo = new HistoryRepository(database.pool);
  historyRoutes(
    app,
    new HistoryService(historyRepo, deviceRepo, exporter, (pk, from, to) => tripService.segmentsOf(pk, from, to)),
  );
  if (config.trackRollupMs)
    scheduleTrackRollup(app, new TrackRollup(new RollupRepository(database.pool, historyRepo)), config.trackRollupMs);
  const importJobs = new ImportJobs();
  registerInfoImport(app, {
    db,
    jobs: importJobs,
    dataDir: config.dataDir,
    uploadLimits: config.uploads,
    holds: holdScope,
    invalidate,
  });
  registerMoves(app, { db, holds: holdScope, invalidate });
  await deviceInfoRoutes(
    app,
    new DeviceInfoService(
      deviceRepo,
      new DeviceInfoRepository(db, database.pool),
      holdScope,
      opLog,
      new PhotoStore(config.dataDir),
      invalidate,
      onlineTimeoutMs,
    ),
    exporter,
  );
  const commands = new CommandService(commandRepo, deviceRepo, notify, holdScope, onlineTimeoutMs);
  registerMessages(COMMAND_MESSAGES);
  commandRoutes(app, commands, new BatchService(commandRepo, commands, notify), exporter);
  messageRoutes(
    app,
    new MessageService(
      new MessageRepository(database.pool),
      commandRepo,
      commands,
      deviceRepo,
      holdScope,
      ctx.sms,
      notify,
    ),
  );
  scheduleExpirySweep(app, commandRepo);
  vehicleLifeRoutes(app, new VehicleLifeService(new VehicleLifeRepository(db, database.pool), deviceRepo, opLog));
  registerVehicles(app, { db, holds: holdScope, logs: opLog, exporter, onlineTimeoutMs });
  const { releaseAlarms } = ctx;
  const monitor = new MonitorService(monitorRepo, holdScope, opLog, {
    onlineTimeoutMs,
    queueCommand: (device, type, userId) => commands.queue(device, type, {}, userId),
    checkPassword: (auth, password) => checkPassword(commandRepo, auth, password),
    releaseCached: (pk) => (releaseAlarms ? releaseAlarms(pk) : live.writer.releaseAlarms(pk)),
  });
  monitorRoutes(app, monitor);
  // Geo-fences and roads (#17): every write tells the fence engine through notifyZones.
  registerZones(app, {
    db,
    holds: holdScope,
    logs: opLog,
    changed: ctx.notifyZones,
    push: new ZonePush(commands, new ZonePushRepository(db)),
  });
  registerEvents(app, { db, holds: holdScope, exporter });
  registerPhotos(app, { db, dataDir: config.dataDir, holds: holdScope, devices: deviceRepo, commands });
  registerReportCentre(app, { pool: database.pool, holds: holdScope, exporter, trips: tripService });
  poiRoutes(app, new PoiService(new PoiRepository(db), holdScope, opLog));
  // Notices for a subtree, hold branding and the platform setting (#21).
  registerBulletins(app, { db, holds: holdScope, logs: opLog, platform: config.platform });
  // The GPS home's device figures are the monitor's counts themselves, not a second set of rules.
  dashboardRoutes(
    app,
    new DashboardService(new DashboardRepository(db), holdScope, (auth, holdId) => monitor.counts(auth, holdId)),
  );
  return { importJobs };
}
