import type { Database } from '@lodestar/db';
import { holds, vehicles } from '@lodestar/db';
import { isNull } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { InProcessBus } from './ingest/bus.ts';
import { createIngest, type Ingest } from './ingest/index.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { AccountService } from './modules/account/service.ts';
import { SessionRepository } from './modules/account/session-repository.ts';
import { SmsCodeRepository } from './modules/account/sms-code-repository.ts';
import { registerCatalogue } from './modules/catalogue/module.ts';
import { CommandRepository } from './modules/commands/repository.ts';
import { commandRoutes } from './modules/commands/routes.ts';
import { MonitorRepository } from './modules/devices/monitor-repository.ts';
import { monitorRoutes } from './modules/devices/monitor-routes.ts';
import { DeviceRepository } from './modules/devices/repository.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { DeviceService } from './modules/devices/service.ts';
import { Exporter } from './modules/downloads/exporter.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { functionRoutes } from './modules/functions/routes.ts';
import {
  AmapGeocoder,
  CachedGeocoder,
  type Geocoder,
  NominatimGeocoder,
  OfflineGeocoder,
} from './modules/geocode/provider.ts';
import { geocodeRoutes } from './modules/geocode/routes.ts';
import { HoldRepository } from './modules/holds/repository.ts';
import { holdRoutes } from './modules/holds/routes.ts';
import { HoldService } from './modules/holds/service.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { LogRepository } from './modules/logs/repository.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { registerNotices } from './modules/notices/module.ts';
import { registerPayments } from './modules/payments/module.ts';
import { registerReconciliation } from './modules/reconciliation/module.ts';
import { registerRenewal } from './modules/renewal/module.ts';
import { registerReports } from './modules/reports/module.ts';
import { registerSims } from './modules/sims/module.ts';
import { registerSms } from './modules/sms/module.ts';
import type { SmsProvider } from './modules/sms/provider.ts';
import { UserRepository } from './modules/users/repository.ts';
import { userRoutes } from './modules/users/routes.ts';
import { UserService } from './modules/users/service.ts';
import { VehicleLifeRepository } from './modules/vehicle-life/repository.ts';
import { vehicleLifeRoutes } from './modules/vehicle-life/routes.ts';
import { VehicleLifeService } from './modules/vehicle-life/service.ts';
import { WorkflowRepository } from './modules/workflow/repository.ts';
import { ReviewService } from './modules/workflow/review.ts';
import { workflowRoutes } from './modules/workflow/routes.ts';
import { WorkOrderService } from './modules/workflow/service.ts';
import { authPlugin } from './plugins/auth.ts';
import { corePlugin } from './plugins/core.ts';
import { openapiPlugin } from './plugins/openapi.ts';
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
  logger = false,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: { allErrors: false } },
  });
  const { db } = database;
  const userRepo = new UserRepository(db);
  const holdRepo = new HoldRepository(db);
  const sessionRepo = new SessionRepository(db);
  const logRepo = new LogRepository(db);
  const deviceRepo = new DeviceRepository(db, database.pool);
  const live = ingest ?? createIngest(database.pool, new InProcessBus(), config.filters);

  await app.register(openapiPlugin, { appId: config.appId });
  await app.register(corePlugin, { appId: config.appId });
  await app.register(authPlugin, { sessions: sessionRepo });

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.pool.query('SELECT 1');
    return { status: 'ok' };
  });

  const registrationHoldId = async () => {
    if (config.registrationHoldId) return config.registrationHoldId;
    const [root] = await db
      .select({ id: holds.id })
      .from(holds)
      .where(isNull(holds.parentId))
      .orderBy(holds.id)
      .limit(1);
    return root?.id;
  };
  const account = new AccountService({
    users: userRepo,
    holds: holdRepo,
    sessions: sessionRepo,
    smsCodes: new SmsCodeRepository(db),
    logs: logRepo,
    sms,
    smsTemplate: config.smsTemplate,
    sessionHours: config.sessionHours,
    loginLimits: { perPhone: config.loginLimitPerPhone, perAddress: config.loginLimitPerAddress },
    registerVehicle: async (holdId, v) => {
      // Bound by the device's stored id, however its JT/T 808 leading zeros were typed (normaliseDeviceId).
      const device = v.DeviceID ? await deviceRepo.findByDeviceId(v.DeviceID) : undefined;
      const deviceId = device?.deviceId ?? v.DeviceID ?? '';
      await db.insert(vehicles).values({ holdId, plate: v.Plate, ownerName: v.OwnerName ?? '', deviceId });
    },
  });
  accountRoutes(app, account, config, registrationHoldId);
  holdRoutes(app, new HoldService(holdRepo, userRepo, logRepo));
  const exporter = new Exporter(db, config.dataDir, (err, fileId) => app.log.error({ err, fileId }, 'export failed'));
  app.addHook('onClose', () => exporter.idle());
  registerCatalogue(app, { db, holds: holdRepo, logs: logRepo, exporter });
  userRoutes(app, new UserService(userRepo, holdRepo, sessionRepo, logRepo), exporter);
  logRoutes(app, logRepo, exporter);
  functionRoutes(app);
  downloadRoutes(app, db, exporter);
  await registerSims(app, { db, dataDir: config.dataDir, holds: holdRepo, exporter });
  const monitorRepo = new MonitorRepository(db, database.pool);
  const commandRepo = new CommandRepository(db);
  const notify = (deviceId: string) => notifyCommand?.(deviceId);
  const invalidate = (deviceId: string) => {
    live.cache.invalidate(deviceId);
    deviceChanged?.(deviceId);
  };
  deviceRoutes(
    app,
    new DeviceService(deviceRepo, holdRepo, logRepo, invalidate, config.onlineTimeoutMs, (userId) =>
      monitorRepo.followedPks(userId),
    ),
  );
  commandRoutes(app, { commands: commandRepo, devices: deviceRepo, notify });
  vehicleLifeRoutes(app, new VehicleLifeService(new VehicleLifeRepository(db, database.pool), deviceRepo, logRepo));
  monitorRoutes(app, {
    monitor: monitorRepo,
    holds: holdRepo,
    logs: logRepo,
    onlineTimeoutMs: config.onlineTimeoutMs,
    queueCommand: async (devicePk, deviceId, type, userId) => {
      const id = await commandRepo.insert({ devicePk, type, payload: {}, createdBy: userId });
      notify(deviceId);
      return id;
    },
    releaseCached: (pk) => (releaseAlarms ? releaseAlarms(pk) : live.writer.releaseAlarms(pk)),
  });

  const workflowRepo = new WorkflowRepository(db);
  const review = new ReviewService(workflowRepo, logRepo);
  workflowRoutes(app, { orders: new WorkOrderService(workflowRepo, logRepo), review, exporter });

  // SIM administration II (docs/SIM-API-2.md): notices first, every other module may leave one.
  const notices = registerNotices(app, { db, holds: holdRepo, review });
  const payments = registerPayments(app, { db, config, holds: holdRepo, logs: logRepo, exporter, notices });
  registerSms(app, { db, config, holds: holdRepo, logs: logRepo, exporter, sms, payments });
  registerRenewal(app, { db, holds: holdRepo, logs: logRepo, exporter, payments, notices, review });
  registerReconciliation(app, { db, dataDir: config.dataDir, holds: holdRepo, logs: logRepo, exporter });
  registerReports(app, { db, holds: holdRepo, exporter });
  geocodeRoutes(app, new CachedGeocoder(makeGeocoder(config)));
  await liveRoutes(app, { appId: config.appId, sessions: sessionRepo, holds: holdRepo, bus: live.bus });

  await app.register(webPlugin, { dist: config.webDist ?? DEFAULT_WEB_DIST });
  return app;
}

function makeGeocoder(config: Config): Geocoder {
  if (config.geocoder === 'amap' && config.geocoderKey) return new AmapGeocoder(config.geocoderKey, config.geocoderUrl);
  if (config.geocoder === 'nominatim') return new NominatimGeocoder(config.geocoderUrl);
  return new OfflineGeocoder();
}
