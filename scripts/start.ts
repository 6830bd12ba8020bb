/**
 * `npm start` and `npm run dev`: the server (apps/server/src/main.ts) in a child process, and the demo fleet driven
 * from this one over real TCP/HTTP, as trackers outside the server are. The server registers the fleet in its demo
 * seed before its gateway listens, so the fleet starts once a device port accepts connections. Arguments are node
 * flags for the server (`--watch` for dev: the trackers reconnect after each restart).
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEMO_FLEET, type SimulatorHandle, startSimulator } from '@lodestar/simulator';
import { type Config, loadConfig } from '../apps/server/src/config.ts';

/** The fleet the server's demo seed registered, when this start drives it (DEMO, DEMO_DEVICES, DEMO_SIMULATOR). */
function demoFleet(config: Config | undefined) {
  if (!config?.demo || !config.demoSimulator || !config.demoDevices || !config.roles.has('gateway')) return undefined;
  const { gt06, jt808, h02, osmand } = config.gatewayPorts;
  const ports = { gt06, jt808, h02, osmand };
  const probe = Object.values(ports).find((p) => p > 0);
  return probe === undefined ? undefined : { devices: config.demoDevices, ports, probe };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let config: Config | undefined;
try {
  config = loadConfig();
} catch {
  // The server says what is wrong with the settings, and exits; no fleet meanwhile.
}
const fleet = demoFleet(config);
const main = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=64', ...process.argv.slice(2), '--import', 'tsx', main],
  {
    stdio: 'inherit',
  },
);
let simulator: SimulatorHandle | undefined;
let stopping = false;

server.once('exit', (code, signal) => {
  stopping = true;
  void (simulator?.close() ?? Promise.resolve()).then(() => process.exit(code ?? (signal ? 1 : 0)));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    // A terminal's Ctrl-C reaches the server too; it stops once however often it is told.
    server.kill(signal);
  });

if (fleet) {
  while (!stopping && !(await accepts(fleet.probe))) await new Promise((r) => setTimeout(r, 500));
  if (!stopping)
    simulator = startSimulator({ host: '127.0.0.1', ports: fleet.ports, devices: fleet.devices, ...DEMO_FLEET });
}
