import { ensureSuperAdmin, openDatabase, seedBillingDemo, seedDemo, seedSimDemo, seedVehicleDemo } from '@lodestar/db';
import { AccountType } from '@lodestar/domain';
import { type GatewayHandle, startGateway } from '@lodestar/gateway';
import { deviceIds, type SimulatorHandle, startSimulator } from '@lodestar/simulator';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { registerDemoFleet } from './demo.ts';
import { InProcessBus, type LiveBus } from './ingest/bus.ts';
import { createIngest } from './ingest/index.ts';
import { NatsBus } from './ingest/nats-bus.ts';
import { HttpSmsProvider, LocalSmsProvider } from './modules/sms/provider.ts';

const ACCOUNT_NAMES: Record<number, string> = {
  [AccountType.SuperAdmin]: 'super administrator',
  [AccountType.Admin]: 'administrator',
  [AccountType.User]: 'ordinary user',
  [AccountType.Installer]: 'installer',
};

async function main() {
  const config = loadConfig();
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  say(
    `Database: ${database.kind === 'embedded' ? `embedded PostgreSQL in ${config.dataDir}` : 'external (DATABASE_URL)'}`,
  );

  const admin = await ensureSuperAdmin(database.db, { phone: config.adminPhone, password: config.adminPassword });
  const demoUsers = config.demo ? await seedDemo(database.db) : undefined;
  if (config.demo) await seedSimDemo(database.db);
  if (config.demo) await seedBillingDemo(database.db);
  const fleet = config.demo ? deviceIds(config.demoDevices) : [];
  if (fleet.length) await registerDemoFleet(database, fleet);
  if (fleet.length) await seedVehicleDemo(database.db);

  const bus: LiveBus = config.natsUrl ? await NatsBus.connect(config.natsUrl) : new InProcessBus();
  const ingest = createIngest(
    database.pool,
    bus,
    config.filters,
    (m) => process.stderr.write(`${m}\n`),
    config.onlineTimeoutMs,
  );
  const sms =
    config.smsProvider === 'http'
      ? new HttpSmsProvider(config.smsHttpUrl!, config.smsHttpToken)
      : new LocalSmsProvider(say);
  let gateway: GatewayHandle | undefined;
  const app = await buildApp({
    config,
    database,
    sms,
    ingest,
    notifyCommand: (deviceId) => gateway?.notifyCommand(deviceId),
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.body'] },
  });
  await app.listen({ port: config.port, host: config.host });
  gateway = await startGateway({
    ports: config.gatewayPorts,
    host: config.host,
    sink: ingest.writer,
    directory: ingest.directory,
    commands: ingest.commands,
    logger: (level, msg, fields) => {
      if (level === 'warn' || level === 'error') app.log[level](fields ?? {}, `gateway: ${msg}`);
    },
  });
  let simulator: SimulatorHandle | undefined;
  const simPorts = {
    gt06: gateway.ports.gt06,
    jt808: gateway.ports.jt808,
    h02: gateway.ports.h02,
    osmand: gateway.ports.osmand,
  };
  if (fleet.length && config.demoSimulator && Object.values(simPorts).some((p) => p > 0)) {
    simulator = startSimulator({
      host: '127.0.0.1',
      ports: {
        gt06: gateway.ports.gt06,
        jt808: gateway.ports.jt808,
        h02: gateway.ports.h02,
        osmand: gateway.ports.osmand,
      },
      devices: fleet.length,
      intervalMs: 10_000,
      seed: 7,
    });
  }

  say('');
  say(`Lodestar console: http://localhost:${config.port}/  (API docs: http://localhost:${config.port}/API/docs)`);
  if (admin) {
    say(
      `Super administrator created: login ${admin.phone}${admin.generated ? `, password ${admin.password}  (shown once; change it)` : ''}`,
    );
  } else say(`Super administrator: login ${config.adminPhone}`);
  if (demoUsers) {
    say(`Demo organisation seeded. Demo logins (password for all: ${demoUsers[0]?.password ?? ''}):`);
    for (const u of demoUsers) say(`  ${u.phone}  ${ACCOUNT_NAMES[u.accountType]}  ${u.userName} @ ${u.holdName}`);
  }
  const listening = Object.entries(gateway.ports)
    .filter(([, p]) => p > 0)
    .map(([name, p]) => `${name} ${p}`)
    .join(', ');
  say(`Device gateway: ${listening || 'all protocols disabled'}; live bus ${bus.kind}`);
  if (simulator) say(`Demo fleet: ${fleet.length} simulated trackers reporting over real TCP/HTTP every 10 s.`);
  else if (fleet.length)
    say(
      `Demo fleet: ${fleet.length} trackers registered, not driven here (DEMO_SIMULATOR=0): run tools/simulator/src/cli.ts --devices ${fleet.length}.`,
    );
  if (config.smsProvider === 'local')
    say('SMS: local provider — verification codes are written to this log, nothing is sent.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    await simulator?.close();
    await gateway?.close();
    await ingest.writer.close();
    await app.close();
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
