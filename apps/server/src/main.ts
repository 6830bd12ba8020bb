import { ensureSuperAdmin, openDatabase, seedDemo } from '@lodestar/db';
import { AccountType } from '@lodestar/domain';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
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

  const sms =
    config.smsProvider === 'http'
      ? new HttpSmsProvider(config.smsHttpUrl!, config.smsHttpToken)
      : new LocalSmsProvider(say);
  const app = await buildApp({
    config,
    database,
    sms,
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.body'] },
  });
  await app.listen({ port: config.port, host: config.host });

  say('');
  say(`Lodestar console: http://localhost:${config.port}/  (API docs: http://localhost:${config.port}/API/docs)`);
  if (admin) {
    say(
      `Super administrator created: login ${admin.phone}` +
        (admin.generated ? `, password ${admin.password}  (shown once; change it)` : ''),
    );
  } else say(`Super administrator: login ${config.adminPhone}`);
  if (demoUsers) {
    say(`Demo organisation seeded. Demo logins (password for all: ${demoUsers[0]?.password ?? ''}):`);
    for (const u of demoUsers) say(`  ${u.phone}  ${ACCOUNT_NAMES[u.accountType]}  ${u.userName} @ ${u.holdName}`);
  }
  if (config.smsProvider === 'local')
    say('SMS: local provider — verification codes are written to this log, nothing is sent.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    await app.close();
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
