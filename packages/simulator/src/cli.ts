/**
 * node --import tsx packages/simulator/src/cli.ts --devices 100 --host 127.0.0.1 [--interval 10000] [--seed 1]
 *   [--mix gt06=4,jt808=3,h02=2,osmand=1] [--time-scale 1] [--gt06-port 5023 --jt808-port 5015 …] [--list]
 * --list prints the device ids (protocol and id per line) and exits, for registering them.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_MIX, deviceIds, type ProtocolMix, SIM_PROTOCOLS, type SimProtocol } from './ids.ts';
import { startSimulator } from './simulator.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '10' },
    host: { type: 'string', default: '127.0.0.1' },
    interval: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    mix: { type: 'string' },
    'time-scale': { type: 'string', default: '1' },
    'gt06-port': { type: 'string' },
    'jt808-port': { type: 'string' },
    'h02-port': { type: 'string' },
    'osmand-port': { type: 'string' },
    list: { type: 'boolean', default: false },
  },
});

function parseMix(text: string | undefined): ProtocolMix {
  if (!text) return DEFAULT_MIX;
  const mix: ProtocolMix = {};
  for (const part of text.split(',')) {
    const [name, weight] = part.split('=');
    if (!SIM_PROTOCOLS.includes(name as SimProtocol)) throw new Error(`unknown protocol in --mix: ${name}`);
    mix[name as SimProtocol] = Number(weight ?? 1);
  }
  return mix;
}

const devices = Number(values.devices);
const mix = parseMix(values.mix);
if (values.list) {
  for (const d of deviceIds(devices, mix)) console.log(`${d.protocol}\t${d.deviceId}`);
  process.exit(0);
}

const ports: Partial<Record<SimProtocol, number>> = {};
for (const p of SIM_PROTOCOLS) {
  const value = values[`${p}-port`];
  if (value) ports[p] = Number(value);
}
const sim = startSimulator({
  host: values.host,
  ports,
  devices,
  protocolMix: mix,
  intervalMs: Number(values.interval),
  seed: Number(values.seed),
  timeScale: Number(values['time-scale']),
});
console.log(`simulating ${devices} devices against ${values.host} (ids: --list)`);
const report = setInterval(() => {
  const s = sim.stats();
  console.log(
    `online ${s.online}/${s.devices}  sent ${s.sent}  acked ${s.acked}  resent ${s.resent}  pending ${s.pending}  ` +
      `latency p50 ${s.latencyMs.p50} ms p99 ${s.latencyMs.p99} ms`,
  );
}, 5000);
process.on('SIGINT', () => {
  clearInterval(report);
  void sim.close().then(() => process.exit(0));
});
