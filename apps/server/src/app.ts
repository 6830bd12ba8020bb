import type { Database } from '@lodestar/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAccounts } from './app/accounts.ts';
import type { AppContext } from './app/context.ts';
import { registerDevices } from './app/devices.ts';
import { registerSimAdministration } from './app/sim-administration.ts';
import type { Config } from './config.ts';
import { InProcessBus } from './ingest/bus.ts';
import { createIngest, fenceSettings, type Ingest } from './ingest/index.ts';
import { AccessEvents } from './lib/access-events.ts';
import { Exporter } from './lib/exporter.ts';
import { HoldScope } from './lib/hold-scope.ts';
import { errSerializer } from './lib/log-errors.ts';
import { SessionRepository } from './modules/account/session-repository.ts';
import { DeviceRepository } from './modules/devices/repository.ts';
import { DownloadRepository } from './modules/downloads/repository.ts';
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
import { HoldRepository } from './modules/holds/repository.ts';
import { registerInsurance } from './modules/insurance/module.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { LiveService } from './modules/live/service.ts';
import { LogRepository } from './modules/logs/repository.ts';
import { ProvinceRepository } from './modules/provinces/repository.ts';
import { provinceRoutes } from './modules/provinces/routes.ts';
import { ProvinceService } from './modules/provinces/service.ts';
import { registerSims } from './modules/sims/module.ts';
import type { SmsProvider } from './modules/sms/provider.ts';
import { registerSpread } from './modules/spread/module.ts';
import { buildInfo } from './modules/system/build.ts';
import { SystemRepository } from './modules/system/repository.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { SystemService, type SystemSources } from './modules/system/service.ts';
import { UserRepository } from './modules/users/repository.ts';
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

/**
 * The composition root: the contract's plugins first, then what every area shares (app/context.ts), then the
 * areas' repositories → services → routes (app/*.ts) in a fixed order, the console's files last.
 */
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
  const holdRepo = new HoldRepository(db);
  const sessionRepo = new SessionRepository(db);
  const access = new AccessEvents();
  const logRepo = new LogRepository(db);
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

  const downloadRepo = new DownloadRepository(db);
  const exporter = new Exporter(downloadRepo, config.dataDir, (err, fileId) =>
    app.log.error({ err, fileId }, 'export failed'),
  );
  app.addHook('onClose', () => exporter.idle());
  const ctx: AppContext = {
    app,
    config,
    database,
    db,
    sms,
    live,
    userRepo: new UserRepository(db),
    holdRepo,
    holdScope: new HoldScope(holdRepo),
    sessionRepo,
    access,
    logRepo,
    opLog: logRepo,
    deviceRepo: new DeviceRepository(db, database.pool),
    exporter,
    invalidate: (deviceId) => {
      live.cache.invalidate(deviceId);
      deviceChanged?.(deviceId);
    },
    notifyZones: () => {
      live.zonesChanged();
      zonesChanged?.();
    },
    notifyCommand: (deviceId) => notifyCommand?.(deviceId),
    releaseAlarms,
  };
  const { holdScope, opLog } = ctx;

  const { users } = registerAccounts(ctx, downloadRepo);
  await registerSims(app, { db, dataDir: config.dataDir, holds: holdScope, exporter, uploadLimits: config.uploads });
  const { importJobs } = await registerDevices(ctx);
  const { notices } = await registerSimAdministration(ctx, { users, importJobs });

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
