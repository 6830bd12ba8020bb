import {
  demoLogins,
  ensureSuperAdmin,
  openDatabase,
  registerDemoFleet,
  seedBillingDemo,
  seedDemo,
  seedSimDemo,
  seedVehicleDemo,
} from '@lodestar/db';
import { deviceIds } from '@lodestar/domain';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { loadConfig, rolesApart } from './config.ts';
import { InProcessBus, type LiveBus } from './ingest/bus.ts';
import { createIngest, fenceSettings } from './ingest/index.ts';
import { NatsBus } from './ingest/nats-bus.ts';
import { PgPhotoSink } from './ingest/photo-sink.ts';
import { gatewayConnectionCap, raiseOpenFileLimit } from './lib/open-files.ts';
import { HttpSmsProvider, LocalSmsProvider } from './modules/sms/provider.ts';
import { joinDeployment } from './scale/deployment.ts';

async function main() {
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  // Before the first socket or file: every descriptor the gateway does not take stays for the API and database.
  const openFiles = raiseOpenFileLimit();
  const { roles } = config;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  // Accounts and the demo organisation belong to the API; a gateway or ingest process only reads devices.
  const admin = roles.has('api')
    ? await ensureSuperAdmin(database.db, { phone: config.adminPhone, password: config.adminPassword })
    : undefined;
  const demoUsers = config.demo && roles.has('api') ? await seedDemo(database.db) : undefined;
  if (demoUsers) {
    await seedSimDemo(database.db);
    await seedBillingDemo(database.db);
  }
  const fleet = config.demo ? deviceIds(config.demoDevices) : [];
  if (fleet.length && demoUsers) {
    await registerDemoFleet(database, fleet);
    await seedVehicleDemo(database.db);
  }

  const bus: LiveBus = config.natsUrl ? await NatsBus.connect(config.natsUrl) : new InProcessBus();
  const ingest = createIngest(
    database.pool,
    bus,
    config.filters,
    (m) => process.stderr.write(`${m}\n`),
    config.onlineTimeoutMs,
    config.unknownDevicesMax,
    config.deviceDayZone,
    config.historyTrips ? config.tripParams : undefined,
    fenceSettings(config, roles.has('ingest')),
  );
  const sms =
    config.smsProvider === 'http'
      ? new HttpSmsProvider(config.smsHttpUrl!, config.smsHttpToken)
      : new LocalSmsProvider(say);
  const scale = rolesApart(roles) ? await joinDeployment(config, ingest) : undefined;
  let gateway: GatewayHandle | undefined;
  const app = roles.has('api')
    ? await buildApp({
        config,
        database,
        sms,
        ingest,
        notifyCommand: (deviceId) => (scale ? scale.commandQueued(deviceId) : gateway?.notifyCommand(deviceId)),
        deviceChanged: scale?.deviceChanged,
        releaseAlarms: scale?.alarmsReleased,
        zonesChanged: scale?.zonesChanged,
        gateway: () => gateway,
        logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.body'] },
      })
    : undefined;
  await app?.listen({ port: config.port, host: config.host });
  const log = (level: 'warn' | 'error', msg: string, fields?: Record<string, unknown>) => {
    if (app) app.log[level](fields ?? {}, msg);
    else process.stderr.write(`${level}: ${msg} ${fields ? JSON.stringify(fields) : ''}\n`);
  };
  if (roles.has('gateway')) {
    const { maxConnections: explicitCap, ...limits } = config.gatewayLimits;
    const maxConnections = gatewayConnectionCap(openFiles, config.openFileReserve, explicitCap);
    if (openFiles && maxConnections !== undefined && maxConnections > openFiles.soft - config.openFileReserve)
      say(
        `Warning: the gateway may hold ${maxConnections} connections but the open-file limit is ${openFiles.soft} with ` +
          `${config.openFileReserve} kept in reserve (OPEN_FILE_RESERVE): raise the hard limit (README, "Device connections")`,
      );
    gateway = await startGateway({
      ports: config.gatewayPorts,
      host: config.host,
      maxConnections,
      ...limits,
      sink: scale?.sink ?? ingest.writer,
      directory: ingest.directory,
      commands: ingest.commands,
      // Every gateway process writes its photos itself (files under DATA_DIR, rows in the database it shares).
      photos: new PgPhotoSink(database.pool, ingest.cache, config.dataDir),
      logger: (level, msg, fields) => {
        if (level === 'warn' || level === 'error') log(level, `gateway: ${msg}`, fields);
      },
    });
  }
  await scale?.listen(gateway, log);
  // The fleet itself runs in its own process, started beside this one by `npm start` (scripts/start.ts).
  const fleetPorts = gateway && [gateway.ports.gt06, gateway.ports.jt808, gateway.ports.h02, gateway.ports.osmand];
  const fleetDriven = fleet.length > 0 && config.demoSimulator && (fleetPorts ?? []).some((p) => p > 0);

  const deviceConnections = (cap: number) =>
    `Device connections: at most ${cap}` +
    (openFiles
      ? ` (open-file limit ${openFiles.soft}, hard ${openFiles.hard}; ${openFiles.soft - cap} left for the rest)`
      : '') +
    `; unidentified ones closed after ${config.gatewayLimits.unidentifiedTimeoutMs / 1000} s, at most ${config.gatewayLimits.maxUnidentifiedPerAddress} per address`;
  const banner = startBanner({
    port: app ? config.port : undefined,
    admin,
    adminPhone: config.adminPhone,
    demoSeeded: demoUsers !== undefined,
    demoLogins: app ? await demoLogins(database.db) : [],
    devicePorts: gateway?.ports,
    // bench/idle-connections.ts reads this line.
    deviceConnections: gateway && deviceConnections(gateway.limits.maxConnections),
    deployment: scale ? [scale.describe()] : bus.kind === 'nats' ? ['Live bus: NATS'] : [],
    fleet: { devices: gateway ? fleet.length : 0, driven: fleetDriven },
    database:
      database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'external PostgreSQL (DATABASE_URL)',
    localSms: config.smsProvider === 'local',
  });
  for (const line of banner) say(line);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    await gateway?.close();
    // Records taken from the stream are written and acknowledged before the writer closes.
    await scale?.stopWorker();
    await ingest.directory.close();
    await ingest.writer.close();
    await app?.close();
    await scale?.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  process.stderr.write(`Lodestar failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
