import type { DemoLogin } from '@lodestar/db';
import { AccountType } from '@lodestar/domain';

const ACCOUNT_NAMES: Record<number, string> = {
  [AccountType.SuperAdmin]: 'super administrator',
  [AccountType.Admin]: 'administrator',
  [AccountType.User]: 'ordinary user',
  [AccountType.Installer]: 'installer',
};

export interface BannerFacts {
  /** The API's port, when this process serves the console. */
  port?: number | undefined;
  /** The super administrator as created by this start (the password only when generated), else its phone. */
  admin?: { phone: string; password: string; generated: boolean } | undefined;
  adminPhone: string;
  demoSeeded: boolean;
  demoLogins: DemoLogin[];
  /** Listening device ports by protocol (0 = off), when this process runs the gateway. */
  devicePorts?: Record<string, number> | undefined;
  /** The gateway's connection limits, one line. */
  deviceConnections?: string | undefined;
  /** The live bus when not in memory, the roles of a split deployment: nothing when everything runs here. */
  deployment: string[];
  /** driven: `npm start` runs the fleet beside this process (DEMO_SIMULATOR). */
  fleet: { devices: number; driven: boolean };
  database: string;
  localSms: boolean;
}

/**
 * What `npm start` prints once the server listens: where the console is, how to log in, where
 * trackers connect. Printed on every start, so the demo log-ins are there again after a restart.
 */
export function startBanner(f: BannerFacts): string[] {
  const lines = [''];
  if (f.port !== undefined)
    lines.push(`Lodestar console: http://localhost:${f.port}/  (API docs: http://localhost:${f.port}/API/docs)`);
  if (f.admin)
    lines.push(
      `Super administrator created: login ${f.admin.phone}${f.admin.generated ? `, password ${f.admin.password}  (shown once; change it)` : ''}`,
    );
  else if (f.port !== undefined) lines.push(`Super administrator: login ${f.adminPhone}`);
  if (f.demoLogins.length) {
    const password = f.demoLogins.find((u) => u.password)?.password;
    const shared = password
      ? ` (password for all: ${password}${f.demoLogins.some((u) => !u.password) ? ' unless changed' : ''})`
      : '';
    lines.push(`${f.demoSeeded ? 'Demo organisation seeded. ' : ''}Demo logins${shared}:`);
    for (const u of f.demoLogins)
      lines.push(
        `  ${u.phone}  ${ACCOUNT_NAMES[u.accountType] ?? ''}  ${u.userName} @ ${u.holdName}${u.password ? '' : '  (password changed)'}`,
      );
  }
  if (f.devicePorts) {
    const open = Object.entries(f.devicePorts)
      .filter(([, p]) => p > 0)
      .map(([name, p]) => `${name} ${p}`)
      .join(', ');
    lines.push(`Device ports: ${open || 'all protocols disabled'}`);
    if (f.deviceConnections) lines.push(f.deviceConnections);
    if (f.fleet.devices && f.fleet.driven)
      lines.push(
        `Demo fleet: ${f.fleet.devices} simulated trackers report to them every 10 s, from their own process (npm start runs it).`,
      );
    else if (f.fleet.devices)
      lines.push(
        `Demo fleet: ${f.fleet.devices} trackers registered, not driven here (DEMO_SIMULATOR=0): run packages/simulator/src/cli.ts --devices ${f.fleet.devices}.`,
      );
  }
  lines.push(...f.deployment);
  lines.push(
    `Data: ${f.database}${f.port !== undefined && f.localSms ? '. SMS codes are written to this log (local provider, nothing is sent).' : ''}`,
  );
  return lines;
}
