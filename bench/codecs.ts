/**
 * npm run bench:codecs — frame decoding as the gateway runs it, per protocol. TCP protocols go through the
 * gateway's own channel for the protocol (packages/gateway/src/channels: the @lodestar/protocols splitter and
 * per-connection decoder, with the gateway's default options), fed one frame per chunk as a socket delivers
 * it, after the protocol's login / IMEI frame; OsmAnd through decodeOsmAnd with the request the gateway's HTTP
 * listener builds (Node's HTTP parsing is not counted). Two inputs per protocol: every frame of the
 * vector files (packages/protocols/vectors: rare message types included) and a "typical" stream of the location
 * message the simulator sends (Teltonika, which the simulator does not speak: the one-record Codec 8 packets
 * of the vectors). Reported: frames/s and ns per frame in CPU time of the process (median of timed rounds
 * after a warm-up; wall-clock beside it, which on a shared machine includes waiting for a core), MB/s of
 * input, bytes allocated per frame (V8 heap, plus ArrayBuffer memory behind Buffers, measured in batches that
 * no GC interrupted), and the cost of encoding the acknowledgement the gateway writes back.
 * Options: --seconds 2 (per round)  --rounds 5  --warmup 1  --protocols gt06,jt808,h02,osmand,teltonika
 */
import os from 'node:os';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import {
  type DecodedMessage,
  decodeOsmAnd,
  encodeGeneralReply,
  encodeGt06Ack,
  encodeH02Reply,
  encodeTeltonikaAck,
  escapeJt808,
  Gt06Type,
  Jt808MsgId,
  type OsmAndRequest,
} from '@lodestar/protocols';
import { deviceIds } from '@lodestar/simulator';
import { type StreamProtocolName, tcpChannelFactory } from '../packages/gateway/src/channels/index.ts';
import { type GatewayOptions, resolveOptions } from '../packages/gateway/src/options.ts';
import { frameBytes, loadVectors, type VectorFrame } from '../packages/protocols/src/testing/vectors.ts';
import { encodeGt06Location, encodeGt06Login } from '../packages/simulator/src/protocols/gt06.ts';
import { encodeH02Location } from '../packages/simulator/src/protocols/h02.ts';
import { encodeJt808Location, jt808Phone } from '../packages/simulator/src/protocols/jt808.ts';
import { osmandPath } from '../packages/simulator/src/protocols/osmand.ts';
import { deviceSeed, seededRandom } from '../packages/simulator/src/random.ts';
import { type SimFix, Vehicle } from '../packages/simulator/src/route.ts';
import { fuelLitres, hasVehicleSensors, tyresKPa } from '../packages/simulator/src/sensors.ts';
import { fmt, percentile } from './lib.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    protocols: { type: 'string', default: 'gt06,jt808,h02,osmand,teltonika' },
  },
});
const roundMs = Number(values.seconds) * 1000;
const rounds = Number(values.rounds);
const warmupMs = Number(values.warmup) * 1000;
const wanted = new Set(values.protocols.split(','));
const exposedGc = (globalThis as { gc?: () => void }).gc;
if (!exposedGc) throw new Error('run with node --expose-gc (npm run bench:codecs does)');
const gc: () => void = exposedGc;

/** The gateway's defaults (ACK GT06 locations, H02 reports unacknowledged unless asked). */
const { gt06AckLocations, h02AckReports, now } = resolveOptions({} as GatewayOptions);
const channelOptions = { gt06AckLocations, h02AckReports, now };

/** One input: what a connection sends first (not timed), then the frames timed in a loop. */
interface Workload {
  protocol: string;
  input: string;
  login: Buffer[];
  frames: Buffer[];
  /** OsmAnd: one HTTP request per frame instead of stream bytes. */
  requests?: OsmAndRequest[];
}

// ---- Inputs --------------------------------------------------------------------------------------------

/** Traccar's JT/T 808 vectors are stored un-escaped; the wire carries them escaped (JT/T 808-2019 §5.1). */
function jt808Wire(unescaped: Buffer): Buffer {
  if (unescaped[0] !== 0x7e) return unescaped;
  return Buffer.concat([Buffer.from([0x7e]), escapeJt808(unescaped.subarray(1, -1)), Buffer.from([0x7e])]);
}

const tcp = (f: VectorFrame) => f.transport !== 'udp';

function vectorWorkloads(): Workload[] {
  const gt06 = [...loadVectors('traccar-gt06.json').frames, ...loadVectors('other-gt06.json').frames].map(frameBytes);
  const jt808 = [
    ...loadVectors('other-jt808.json').frames.map(frameBytes),
    ...loadVectors('traccar-jt808.json').frames.map((f) => jt808Wire(frameBytes(f))),
  ];
  const teltonika = loadVectors('traccar-teltonika.json').frames.filter(tcp);
  const osmand = loadVectors('traccar-osmand.json').frames.map(
    (f): OsmAndRequest =>
      f.http?.method === 'GET'
        ? { uri: f.http.uri, body: '' }
        : { uri: f.http?.uri, body: f.text ?? '', contentType: f.http?.headers?.['Content-Type'] },
  );
  return [
    // GT06: the Traccar test's login (order 2) opens the connection, as in packages/protocols' vector tests.
    {
      protocol: 'gt06',
      input: 'vectors',
      login: [Buffer.from('78780D01086471700328358100093F040D0A', 'hex')],
      frames: gt06,
    },
    { protocol: 'jt808', input: 'vectors', login: [], frames: jt808 },
    { protocol: 'h02', input: 'vectors', login: [], frames: loadVectors('traccar-h02.json').frames.map(frameBytes) },
    {
      protocol: 'osmand',
      input: 'vectors',
      login: [],
      frames: osmand.map(requestBytes),
      requests: osmand,
    },
    {
      protocol: 'teltonika',
      input: 'vectors',
      login: [Buffer.from('000F313233343536373839303132333435', 'hex')],
      frames: teltonika.filter((f) => f.derived?.frame !== 'imei' && f.order !== 1).map(frameBytes),
    },
  ];
}

const requestBytes = (r: OsmAndRequest) => Buffer.from(`${r.uri ?? ''}${r.body ?? ''}`, 'utf8');

/** Eight simulated devices per protocol, 10-second reports, interleaved as a connection mix would be. */
function simulatedFixes(protocol: 'gt06' | 'jt808' | 'h02' | 'osmand', reports = 128) {
  const ids = deviceIds(80)
    .filter((d) => d.protocol === protocol)
    .slice(0, 8);
  const vehicles = ids.map((d) => new Vehicle(seededRandom(deviceSeed(7, d.index)), new Date('2026-11-22T00:00:00Z')));
  const out: { deviceId: string; fix: SimFix; serial: number }[] = [];
  for (let k = 0; k < reports; k++)
    for (const [i, d] of ids.entries())
      out.push({ deviceId: d.deviceId, fix: vehicles[i]!.advance(10), serial: k + 1 });
  return out;
}

function typicalWorkloads(): Workload[] {
  const gt06 = simulatedFixes('gt06');
  const jt808 = simulatedFixes('jt808');
  const h02 = simulatedFixes('h02');
  const osmand = simulatedFixes('osmand').map(
    ({ deviceId, fix }): OsmAndRequest => ({ uri: osmandPath(deviceId, fix), body: '' }),
  );
  const teltonika = loadVectors('traccar-teltonika.json').frames.filter(
    (f) => tcp(f) && f.derived?.codec === '0x08' && f.derived?.records === 1 && f.derived?.crcValid !== false,
  );
  return [
    {
      protocol: 'gt06',
      input: 'typical: 0x22 GPS+LBS (0x16 with an alarm)',
      login: [encodeGt06Login(gt06[0]!.deviceId, 1)],
      frames: gt06.map((r) => encodeGt06Location(r.fix, r.serial)),
    },
    {
      protocol: 'jt808',
      input: 'typical: 0x0200 location (mileage; fuel + tyres on odd ids)',
      login: [],
      frames: jt808.map(({ deviceId, fix, serial }) =>
        encodeJt808Location(
          { phone: jt808Phone(deviceId) },
          serial,
          fix,
          hasVehicleSensors(deviceId)
            ? { fuelL: fuelLitres(deviceId, fix), tyresKPa: tyresKPa(deviceId, fix) }
            : undefined,
        ),
      ),
    },
    {
      protocol: 'h02',
      input: 'typical: V1 text report',
      login: [],
      frames: h02.map((r) => encodeH02Location(r.deviceId, r.fix)),
    },
    {
      protocol: 'osmand',
      input: 'typical: Traccar Client GET (cell + Wi-Fi on even ids)',
      login: [],
      frames: osmand.map(requestBytes),
      requests: osmand,
    },
    {
      protocol: 'teltonika',
      input: `typical: Codec 8, 1 record (${teltonika.length} vector packets)`,
      login: [Buffer.from('000F313233343536373839303132333435', 'hex')],
      frames: teltonika.map(frameBytes),
    },
  ];
}

// ---- Running a workload --------------------------------------------------------------------------------

interface Pass {
  /** Run the timed frames once; returns frames handled. */
  run(): number;
  /** What one pass produced, for the table: messages, positions, malformed, replies. */
  tally: { messages: number; positions: number; malformed: number; replies: number; replyBytes: number };
}

let sink = 0;
function count(m: DecodedMessage, tally: Pass['tally'] | undefined): void {
  sink += m.positions.length + (m.reply?.length ?? 0);
  if (!tally) return;
  tally.messages++;
  tally.positions += m.positions.length;
  if (m.error !== undefined) tally.malformed++;
  if (m.reply) {
    tally.replies++;
    tally.replyBytes += m.reply.length;
  }
}

/** A fresh connection (channel) that has sent its login, and a pass over the workload's frames. */
function connect(w: Workload): Pass {
  const tally = { messages: 0, positions: 0, malformed: 0, replies: 0, replyBytes: 0 };
  if (w.requests) {
    const requests = w.requests;
    const options = { now };
    const pass = (t?: Pass['tally']) => {
      for (const r of requests) count(decodeOsmAnd(r, options), t);
      return requests.length;
    };
    pass(tally);
    return { run: () => pass(undefined), tally };
  }
  const channel = tcpChannelFactory(w.protocol as StreamProtocolName, channelOptions)();
  for (const b of w.login) for (const f of channel.splitter.push(b)) channel.decode(f);
  const pass = (t?: Pass['tally']) => {
    for (const bytes of w.frames) for (const f of channel.splitter.push(bytes)) count(channel.decode(f), t);
    return w.frames.length;
  };
  pass(tally);
  return { run: () => pass(undefined), tally };
}

interface Timing {
  /** CPU ns per operation of each round, sorted. */
  cpu: number[];
  /** Wall-clock ns per operation of each round, sorted. */
  wall: number[];
}

/**
 * One timed round of `ms`: ns per operation in CPU time of this process (user + system: what the work costs a
 * core, whatever else the machine runs) and in wall-clock time (waiting for a core included).
 */
function round(run: () => number, ms: number): { cpu: number; wall: number } {
  let ops = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let t = t0;
  while (t - t0 < ms) {
    ops += run();
    t = performance.now();
  }
  const c = process.cpuUsage(c0);
  return { cpu: ((c.user + c.system) * 1e3) / ops, wall: ((t - t0) * 1e6) / ops };
}

/**
 * Every job warmed up, then `rounds` rounds that each time every job once in turn, so that all of them meet
 * the same load of a shared machine; per job the median and range over the rounds.
 */
function timeInTurn(runs: (() => number)[]): Timing[] {
  for (const run of runs) round(run, warmupMs);
  const out: Timing[] = runs.map(() => ({ cpu: [], wall: [] }));
  for (let r = 0; r < rounds; r++)
    runs.forEach((run, i) => {
      const m = round(run, roundMs);
      out[i]!.cpu.push(m.cpu);
      out[i]!.wall.push(m.wall);
    });
  for (const t of out) {
    t.cpu.sort((a, b) => a - b);
    t.wall.sort((a, b) => a - b);
  }
  return out;
}

/** "median (min–max)" of the CPU rounds, then the wall-clock median. */
const timing = (t: Timing) =>
  `${fmt(percentile(t.cpu, 50))} (${fmt(t.cpu[0]!)}–${fmt(t.cpu[t.cpu.length - 1]!)}) | ${fmt(percentile(t.wall, 50))}`;

const gcs: { startTime: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ startTime: e.startTime, duration: e.duration });
}).observe({ entryTypes: ['gc'] });

/**
 * Bytes allocated per operation: gc(), then a batch small enough to fit the young generation, with the V8
 * heap's used size and Node's ArrayBuffer total read around it. Batches that a GC interrupted (seen by the
 * gc performance entries) are dropped; the median of the others is reported.
 */
async function allocation(run: () => number): Promise<{ heap: number; arrayBuffers: number }> {
  const sample = (passes: number) => {
    gc();
    const h0 = v8.getHeapStatistics().used_heap_size;
    const a0 = process.memoryUsage().arrayBuffers;
    const t0 = performance.now();
    let ops = 0;
    for (let i = 0; i < passes; i++) ops += run();
    const t1 = performance.now();
    const h1 = v8.getHeapStatistics().used_heap_size;
    const a1 = process.memoryUsage().arrayBuffers;
    return { t0, t1, heap: (h1 - h0) / ops, arrayBuffers: (a1 - a0) / ops, bytes: h1 - h0 };
  };
  const probe = sample(1);
  // About 256 KiB per batch.
  const passes = Math.max(1, Math.floor((256 * 1024) / Math.max(1, probe.bytes)));
  const samples = Array.from({ length: 25 }, () => sample(passes));
  await new Promise((resolve) => setTimeout(resolve, 20)); // gc entries arrive asynchronously
  const clean = samples.filter((s) => !gcs.some((g) => g.startTime < s.t1 && g.startTime + g.duration > s.t0));
  const use = clean.length >= 5 ? clean : samples;
  return {
    heap: percentile(
      use.map((s) => s.heap).sort((a, b) => a - b),
      50,
    ),
    arrayBuffers: percentile(
      use.map((s) => s.arrayBuffers).sort((a, b) => a - b),
      50,
    ),
  };
}

// ---- Acknowledgements ----------------------------------------------------------------------------------

/** The reply the gateway writes for a typical position, encoded on its own (decode already includes it). */
const acks: { protocol: string; what: string; encode: () => Buffer }[] = [
  {
    protocol: 'gt06',
    what: '0x22 location ACK (GT06N §5.1.2 shape; gateway default acks locations)',
    encode: () => encodeGt06Ack(Gt06Type.GpsLbs2, 0x1234),
  },
  {
    protocol: 'jt808',
    what: '0x8001 platform general reply to 0x0200',
    encode: () => encodeGeneralReply({ phone: jt808Phone('13900000001') }, 0x4001, 0x1234, Jt808MsgId.Location, 0),
  },
  {
    protocol: 'h02',
    what: '"*HQ,<id>,V4,V1,<datetime>#" answer to V1',
    encode: () => encodeH02Reply('4100000001', 'V4,V1', now(), 'datetime'),
  },
  { protocol: 'teltonika', what: 'record count (4 bytes)', encode: () => encodeTeltonikaAck(1) },
];

// ---- Main ----------------------------------------------------------------------------------------------

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const startedAt = new Date();
const loadAtStart = load();
console.log(`bench:codecs ${startedAt.toISOString().slice(0, 16)} UTC, ${machine}; load average ${loadAtStart}`);

const workloads = [...vectorWorkloads(), ...typicalWorkloads()].filter((w) => wanted.has(w.protocol));
const connections = workloads.map(connect);
const ackJobs = acks
  .filter((a) => wanted.has(a.protocol))
  .map((a) => ({
    ...a,
    run: () => {
      for (let i = 0; i < 100; i++) sink += a.encode().length;
      return 100;
    },
  }));
const times = timeInTurn([...connections.map((c) => c.run), ...ackJobs.map((a) => a.run)]);

const decodeLines: string[] = [];
for (const [i, w] of workloads.entries()) {
  const conn = connections[i]!;
  const time = times[i]!;
  const mem = await allocation(conn.run);
  const perFrameBytes = w.frames.reduce((n, b) => n + b.length, 0) / w.frames.length;
  const cpuNs = percentile(time.cpu, 50);
  const t = conn.tally;
  const line = `| ${w.protocol} | ${w.input} | ${w.frames.length} → ${t.messages} msg, ${t.positions} pos, ${t.malformed} malformed, ${t.replies} replies | ${fmt(perFrameBytes)} | ${fmt(1e9 / cpuNs)} | ${timing(time)} | ${fmt((perFrameBytes * 1e9) / cpuNs / 1e6, 1)} | ${fmt(mem.heap)} + ${fmt(mem.arrayBuffers)} |`;
  console.log(line);
  decodeLines.push(line);
}

const ackLines: string[] = [];
for (const [i, a] of ackJobs.entries()) {
  const mem = await allocation(a.run);
  const line = `| ${a.protocol} | ${a.what} | ${a.encode().length} | ${timing(times[workloads.length + i]!)} | ${fmt(mem.heap)} + ${fmt(mem.arrayBuffers)} |`;
  console.log(line);
  ackLines.push(line);
}

console.log(`\nMachine: ${machine}, ${startedAt.toISOString().slice(0, 16)} UTC`);
console.log(
  `Load average (1/5/15 min): ${loadAtStart} at the start, ${load()} at the end; per line ${values.warmup} s of warm-up, then ${rounds} rounds of ${values.seconds} s taken in turn with the other lines`,
);
console.log(
  '\n| protocol | input | frames per pass → what they decode to | bytes/frame | frames per CPU-second | CPU ns/frame median (range of rounds) | wall ns/frame median | MB/s in (CPU) | bytes allocated/frame (V8 heap + ArrayBuffer) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const l of decodeLines) console.log(l);
console.log(
  '\n| protocol | reply to a position | bytes | CPU ns/reply median (range) | wall ns/reply median | bytes allocated (V8 heap + ArrayBuffer) |',
);
console.log('|---|---|---|---|---|---|');
for (const l of ackLines) console.log(l);
if (sink === 0) console.log('(nothing decoded)');
