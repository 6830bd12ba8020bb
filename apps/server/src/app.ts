import type { Database } from '@lodestar/db';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { InProcessBus } from './ingest/bus.ts';
import { createIngest, fenceSettings, type Ingest } from './ingest/index.ts';
import { AccessEvents } from './lib/access-events.ts';
import { Exporter } from './lib/exporter.ts';
import { HoldScope } from './lib/hold-scope.ts';
import { errSerializer } from './lib/log-errors.ts';
import { registerMessages } from './lib/messages.ts';
import type { OperationLogRepository } from './lib/operation-log-repository.ts';
import { RegistrationRepository } from './modules/account/registration-repository.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { AccountService } from './modules/account/service.ts';
import { SessionRepository } from './modules/account/session-repository.ts';
import { SmsCodeRepository } from './modules/account/sms-code-repository.ts';
import { registerBulletins } from './modules/bulletins/module.ts';
import { registerCatalogue } from './modules/catalogue/module.ts';
import { BatchService } from './modules/commands/batch-service.ts';
import { checkPassword } from './modules/commands/checks.ts';
import { COMMAND_MESSAGES } from './modules/commands/messages.ts';
import { CommandRepository } from './modules/commands/repository.ts';
import { commandRoutes } from './modules/commands/routes.ts';
import { CommandService } from './modules/commands/service.ts';
import { scheduleExpirySweep } from './modules/commands/sweep.ts';
import { DashboardRepository } from './modules/dashboard/repository.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { DashboardService } from './modules/dashboard/service.ts';
import { DeviceInfoRepository } from './modules/devices/info-repository.ts';
import { deviceInfoRoutes } from './modules/devices/info-routes.ts';
import { DeviceInfoService } from './modules/devices/info-service.ts';
import { MonitorRepository } from './modules/devices/monitor-repository.ts';
import { monitorRoutes } from './modules/devices/monitor-routes.ts';
import { MonitorService } from './modules/devices/monitor-service.ts';
import { PhotoStore } from './modules/devices/photos.ts';
import { DeviceRepository } from './modules/devices/repository.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { DeviceService } from './modules/devices/service.ts';
import { DownloadRepository } from './modules/downloads/repository.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { DownloadService } from './modules/downloads/service.ts';
import { EnterpriseRepository } from './modules/enterprise/repository.ts';
import { enterpriseRoutes } from './modules/enterprise/routes.ts';
import { EnterpriseService } from './modules/enterprise/service.ts';
import { registerEvents } from './modules/events/module.ts';
import { functionRoutes } from './modules/functions/routes.ts';
import {
  AmapGeocoder,
  CachedGeocoder,
  type Geocoder,
  NominatimGeocoder,
  OfflineGeocoder,
} from './modules/geocode/provider.ts';
import { geocodeRoutes } from './modules/geocode/routes.ts';
import { HealthRepository } from './modules/health/repository.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { HealthService } from './modules/health/service.ts';
import { HistoryRepository } from './modules/history/repository.ts';
import { scheduleTrackRollup, TrackRollup } from './modules/history/rollup.ts';
import { RollupRepository } from './modules/history/rollup-repository.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { HistoryService } from './modules/history/service.ts';
import { HoldRepository } from './modules/holds/repository.ts';
import { holdRoutes } from './modules/holds/routes.ts';
import { HoldService } from './modules/holds/service.ts';
import { ImportJobs } from './modules/info-import/jobs.ts';
import { registerInfoImport } from './modules/info-import/module.ts';
import { registerInstall } from './modules/install/module.ts';
import { registerInsurance } from './modules/insurance/module.ts';
import { registerInvoices } from './modules/invoices/module.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { LiveService } from './modules/live/service.ts';
import { LogRepository } from './modules/logs/repository.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { LogService } from './modules/logs/service.ts';
import { MessageRepository } from './modules/messages/repository.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { MessageService } from './modules/messages/service.ts';
import { registerMoves } from './modules/moves/module.ts';
import { registerNotices } from './modules/notices/module.ts';
import { registerPayments } from './modules/payments/module.ts';
import { registerPhotos } from './modules/photos/module.ts';
import { PoiRepository } from './modules/pois/repository.ts';
import { poiRoutes } from './modules/pois/routes.ts';
import { PoiService } from './modules/pois/service.ts';
import { ProvinceRepository } from './modules/provinces/repository.ts';
import { provinceRoutes } from './modules/provinces/routes.ts';
import { ProvinceService } from './modules/provinces/service.ts';
import { registerReconciliation } from './modules/reconciliation/module.ts';
import { registerRenewal } from './modules/renewal/module.ts';
import { registerReportCentre } from './modules/report-centre/module.ts';
import { registerReports } from './modules/reports/module.ts';
import { registerSims } from './modules/sims/module.ts';
import { registerSms } from './modules/sms/module.ts';
import type { SmsProvider } from './modules/sms/provider.ts';
import { registerSpread } from './modules/spread/module.ts';
import { buildInfo } from './modules/system/build.ts';
import { SystemRepository } from './modules/system/repository.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { SystemService, type SystemSources } from './modules/system/service.ts';
import { TripRepository } from './modules/trips/repository.ts';
import { tripRoutes } from './modules/trips/routes.ts';
import { TripService } from './modules/trips/service.ts';
import { UserRepository } from './modules/users/repository.ts';
import { userRoutes } from './modules/users/routes.ts';
import { UserService } from './modules/users/service.ts';
import { VehicleLifeRepository } from './modules/vehicle-life/repository.ts';
import { vehicleLifeRoutes } from './modules/vehicle-life/routes.ts';
import { VehicleLifeService } from './modules/vehicle-life/service.ts';
import { registerVehicles } from './modules/vehicles/module.ts';
import { registerWallet } from './modules/wallet/module.ts';
import { WorkOrderRepository } from './modules/work-orders/repository.ts';
import { ReviewService } from './modules/work-orders/review.ts';
import { workOrderRoutes } from './modules/work-orders/routes.ts';
import { WorkOrderService } from './modules/work-orders/service.ts';
import { registerZones } from './modules/zones/module.ts';
import { ZonePush } from './modules/zones/push.ts';
import { ZonePushRepository } from './modules/zones/push-repository.ts';
import { authPlugin } from './plugins/auth.ts';
import { corePlugin } from './plugins/core.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { DEFAULT_WEB_DIST, webPlugin } from './plugins/web.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  /** The ingest side (device cache, writer, bus); made here with an in-process bus when absent. */
  ingest?: Ingest;
  /** Tells the gateway a device has a command waiting (set once the gateway runs). */
  notifyCommand?: (deviceId: string) => void;
  /**
   * Where roles run apart (ROLES): also tell the other processes that a device changed (their device
   * caches) and that its alarms were released (the ingest writer's cached state).
   */
  deviceChanged?: (deviceId: string) => void;
  releaseAlarms?: (devicePk: number) => void;
  /** Roles apart: tell the other processes' fence engines that fences, roads or bindings changed. */
  zonesChanged?: () => void;
  /** This process's gateway, once it runs (System/GetInfo reads its ports and counters). */
  gateway?: SystemSources['gateway'];
  /** pino options, or false in tests. */
  logger?: boolean | object;
}

/** The composition root: repositories → services → routes, with the contract's plugins first. */
export async function buildApp({
  config,
  database,
  sms,
  ingest,
  notifyCommand,
  deviceChanged,
  releaseAlarms,
  zonesChanged,
  gateway = () => undefined,
  logger = false,
}: AppDeps): Promise<FastifyInstance> {
  // Whoever configures the logger, errors are written without the values bound to a failed query.
  const loggerOptions: boolean | object = logger && {
    ...(typeof logger === 'object' ? logger : {}),
    serializers: { ...(logger as { serializers?: object }).serializers, err: errSerializer },
  };
  const app = Fastify({
    logger: loggerOptions,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    // allowUnionTypes: the command Params' values are one JSON type list (contract commands.ts), not a union.
    ajv: { customOptions: { allErrors: false, allowUnionTypes: true } },
  });
  // The API shares the open-file reserve with the database pool and NATS: a flood of idle sockets on this port
  // must not take all of it (Node drops connections past the cap at accept).
  app.server.maxConnections = config.apiMaxConnections;
  const { db } = database;
  const userRepo = new UserRepository(db);
  const holdRepo = new HoldRepository(db);
  // Other modules check holds through the scope, and only write the operation log.
  const holdScope = new HoldScope(holdRepo);
  const sessionRepo = new SessionRepository(db);
  const access = new AccessEvents();
  const logRepo = new LogRepository(db);
  const opLog: OperationLogRepository = logRepo;
  const deviceRepo = new DeviceRepository(db, database.pool);
  const live =
    ingest ??
    createIngest(
      database.pool,
      new InProcessBus(),
      config.filters,
      undefined,
      undefined,
      undefined,
      config.deviceDayZone,
      config.historyTrips ? config.tripParams : undefined,
      fenceSettings(config),
    );

  await app.register(openapiPlugin, { appId: config.appId });
  await app.register(corePlugin, { appId: config.appId });
  await app.register(securityHeadersPlugin, { map: config.map });
  await app.register(authPlugin, { sessions: sessionRepo });

  healthRoutes(app, new HealthService(new HealthRepository(database.pool)));

  /** Every write to fences, roads, their bindings or a device's VIP calls this: the fence engine reloads. */
  const notifyZones = () => {
    live.zonesChanged();
    zonesChanged?.();
  };
  const invalidate = (deviceId: string) => {
    live.cache.invalidate(deviceId);
    deviceChanged?.(deviceId);
  };
  const account = new AccountService({
    users: userRepo,
    holds: holdRepo,
    sessions: sessionRepo,
    access,
    smsCodes: new SmsCodeRepository(db),
    logs: logRepo,
    sms,
    smsTemplate: config.smsTemplate,
    sessionHours: config.sessionHours,
    loginLimits: { perPhone: config.loginLimitPerPhone, perAddress: config.loginLimitPerAddress },
    codeCheckLimits: { perPhone: config.codeCheckLimitPerPhone, perAddress: config.codeCheckLimitPerAddress },
    smsCodeLimitPerAddress: config.smsCodeLimitPerAddress,
    smsNotices: { noAccount: config.smsNoAccountText, accountExists: config.smsAccountExistsText },
    devices: deviceRepo,
    deviceMoved: invalidate,
    registration: new RegistrationRepository(db),
    registrationOpen: config.registration,
    registrationHoldId: config.registrationHoldId,
  });
  accountRoutes(app, account, config);
  const holdService = new HoldService(holdRepo, opLog);
  holdRoutes(app, holdService);
  const downloadRepo = new DownloadRepository(db);
  const exporter = new Exporter(downloadRepo, config.dataDir, (err, fileId) =>
    app.log.error({ err, fileId }, 'export failed'),
  );
  app.addHook('onClose', () => exporter.idle());
  registerCatalogue(app, { db, holds: holdScope, logs: opLog, exporter });
  const userService = new UserService(userRepo, holdScope, sessionRepo, opLog, access);
  userRoutes(app, userService, exporter);
  enterpriseRoutes(
    app,
    new EnterpriseService(new EnterpriseRepository(db), holdRepo, holdService, userService, userRepo, opLog),
  );
  logRoutes(app, new LogService(logRepo), exporter);
  functionRoutes(app);
  downloadRoutes(app, new DownloadService(downloadRepo, exporter));
  await registerSims(app, { db, dataDir: config.dataDir, holds: holdScope, exporter, uploadLimits: config.uploads });
  const monitorRepo = new MonitorRepository(db, database.pool);
  const commandRepo = new CommandRepository(db, database.pool);
  const notify = (deviceId: string) => notifyCommand?.(deviceId);
  deviceRoutes(
    app,
    new DeviceService(deviceRepo, holdScope, opLog, invalidate, config.onlineTimeoutMs, (userId) =>
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
      config.onlineTimeoutMs,
    ),
    exporter,
  );
  const commands = new CommandService(commandRepo, deviceRepo, notify, holdScope, config.onlineTimeoutMs);
  registerMessages(COMMAND_MESSAGES);
  commandRoutes(app, commands, new BatchService(commandRepo, commands, notify), exporter);
  messageRoutes(
    app,
    new MessageService(new MessageRepository(database.pool), commandRepo, commands, deviceRepo, holdScope, sms, notify),
  );
  scheduleExpirySweep(app, commandRepo);
  vehicleLifeRoutes(app, new VehicleLifeService(new VehicleLifeRepository(db, database.pool), deviceRepo, opLog));
  registerVehicles(app, { db, holds: holdScope, logs: opLog, exporter, onlineTimeoutMs: config.onlineTimeoutMs });
  const monitor = new MonitorService(monitorRepo, holdScope, opLog, {
    onlineTimeoutMs: config.onlineTimeoutMs,
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
    changed: notifyZones,
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

  const workOrderRepo = new WorkOrderRepository(db);
  const review = new ReviewService(workOrderRepo, opLog);
  const workOrderService = new WorkOrderService(workOrderRepo, opLog);
  workOrderRoutes(app, { orders: workOrderService, review, exporter });

  // SIM administration II (docs/SIM-API-2.md): notices first, every other module may leave one.
  const notices = registerNotices(app, { db, holds: holdScope, review });
  const payments = registerPayments(app, { db, config, holds: holdScope, exporter, notices });
  await registerInstall(app, {
    db,
    dataDir: config.dataDir,
    holds: holdScope,
    logs: opLog,
    exporter,
    users: userService,
    notices,
    onlineTimeoutMs: config.onlineTimeoutMs,
    uploadLimits: config.uploads,
    importJobs,
  });
  registerSms(app, { db, config, holds: holdScope, logs: opLog, exporter, sms, payments });
  registerRenewal(app, { db, holds: holdScope, exporter, payments, review });
  // A device's new VIP expiry reaches the device caches and the fence engine as any other VIP write does.
  registerWallet(app, {
    db,
    holds: holdScope,
    logs: opLog,
    exporter,
    payments,
    defaults: config.vip,
    deviceChanged: invalidate,
    vipChanged: notifyZones,
    workOrders: workOrderService,
    review,
  });
  registerReconciliation(app, { db, dataDir: config.dataDir, holds: holdScope, logs: opLog, exporter });
  await registerInvoices(app, { db, dataDir: config.dataDir, holds: holdScope, logs: opLog, notices });
  registerReports(app, { db, holds: holdScope, exporter });
  geocodeRoutes(app, new CachedGeocoder(makeGeocoder(config)));
  // Issue #21: the business map's locator keeps device_regions, which province management counts from too.
  const locator = registerSpread(app, { pool: database.pool, holds: holdScope, locate: config.roles.has('api') });
  provinceRoutes(
    app,
    new ProvinceService(new ProvinceRepository(database.pool), holdScope, opLog, () => locator.run(5000)),
  );
  await registerInsurance(app, {
    pool: database.pool,
    dataDir: config.dataDir,
    holds: holdScope,
    logs: opLog,
    exporter,
    notices,
  });
  systemRoutes(
    app,
    new SystemService(new SystemRepository(database.pool), {
      ...buildInfo(),
      roles: [...config.roles],
      engine: database.kind,
      dataDir: config.dataDir,
      startedAt: new Date(),
      gateway,
      backlog: () => live.writer.backlog,
    }),
  );
  await liveRoutes(app, {
    appId: config.appId,
    live: new LiveService(sessionRepo, holdScope),
    bus: live.bus,
    access,
    recheckMs: config.liveRecheckMs,
    authTimeoutMs: config.liveAuthTimeoutMs,
  });

  await app.register(webPlugin, { dist: config.webDist ?? DEFAULT_WEB_DIST });
  return app;
}

function makeGeocoder(config: Config): Geocoder {
  if (config.geocoder === 'amap' && config.geocoderKey) return new AmapGeocoder(config.geocoderKey, config.geocoderUrl);
  if (config.geocoder === 'nominatim') return new NominatimGeocoder(config.geocoderUrl);
  return new OfflineGeocoder();
}
