/**
 * npm run bench:zone-rules — the fence engine's per-fix cost in packages/domain: stepZone (zone-rules.ts) on a
 * circle, a 10-vertex and a 5,000-vertex polygon and a 200-vertex road, each with every rule switched on (a
 * daily window in Asia/Shanghai, a speed limit, a max stay; per-segment limits on the road), over streams of
 * fixes that take different paths through the code: a vehicle driving back and forth through the zone with
 * GPS jitter (enter, leave, overspeed, stay events), one parked inside, one parked on the edge (every fix
 * outside measures its distance for the hysteresis), and one outside the zone's box with no visit (what a fix
 * costs when the engine's index did not filter it out). Times are CPU time of the process (user + system)
 * per stepZone, median of the rounds (the cases take turns, so every case meets the same load), wall-clock
 * beside it. Also: compileZone per zone and validateFence / validateLine per geometry (what Fence/AddFence
 * and the engine's reload pay).
 * Options: --seconds 1 (per round)  --rounds 5
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  type CompiledZone,
  compileZone,
  type FenceDef,
  type FenceGeometry,
  type LngLat,
  METRES_PER_DEGREE,
  type RoadDef,
  stepZone,
  validateFence,
  validateLine,
  ZONE_LIMITS,
  type ZoneDef,
  type ZoneFix,
  type ZoneVisit,
} from '@lodestar/domain';
import { fmt, percentile } from './lib.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '1' }, rounds: { type: 'string', default: '5' } },
});
const roundMs = Number(values.seconds) * 1000;
const rounds = Number(values.rounds);
const H = ZONE_LIMITS.hysteresisMetres;
const LNG = 121.47;
const LAT = 31.23;
const KX = METRES_PER_DEGREE * Math.cos((LAT * Math.PI) / 180);
/** [lng, lat] `east` and `north` metres from the zones' centre. */
const at = (east: number, north: number): LngLat => [LNG + east / KX, LAT + north / METRES_PER_DEGREE];

let seed = 17;
/** Deterministic noise in [-1, 1). */
const noise = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return (seed / 2_147_483_648) * 2 - 1;
};

/** A closed ring of n vertices, radius `metres`, every other vertex pulled in by `dent`. */
function star(metres: number, n: number, dent: number): LngLat[] {
  const ring: LngLat[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = i % 2 ? metres * (1 - dent) : metres;
    ring.push(at(r * Math.cos(a), r * Math.sin(a)));
  }
  ring.push(ring[0] as LngLat);
  return ring;
}

const fenceDef = (id: number, geometry: FenceGeometry): FenceDef => ({
  kind: 'fence',
  id,
  name: `fence ${id}`,
  geometry,
  recordType: 'both',
  triggerAlarm: true,
  validFrom: null,
  validTo: null,
  dailyFrom: 7 * 60,
  dailyTo: 22 * 60,
  timeZone: 'Asia/Shanghai',
  speedLimit: 60,
  maxStayMinutes: 30,
});
/** 200 vertices, 50 m apart eastwards, winding 300 m north and south: about 12 km of road. */
const roadLine: LngLat[] = Array.from({ length: 200 }, (_, i) => at(-5000 + i * 50, 300 * Math.sin(i / 10)));
const roadDef: RoadDef = {
  kind: 'road',
  id: 4,
  name: 'road',
  geometry: { type: 'LineString', coordinates: roadLine },
  width: 40,
  speedLimit: 80,
  segmentLimits: Array.from({ length: 199 }, (_, i) => (i % 3 === 0 ? 50 : null)),
  triggerAlarm: true,
};
const zones: { label: string; def: ZoneDef; radius: number }[] = [
  { label: 'circle r 500 m', def: fenceDef(1, { type: 'Circle', Center: at(0, 0), Radius: 500 }), radius: 500 },
  {
    label: 'polygon 10 vertices',
    def: fenceDef(2, { type: 'Polygon', coordinates: [star(500, 10, 0.3)] }),
    radius: 500,
  },
  {
    label: 'polygon 5,000 vertices',
    def: fenceDef(3, { type: 'Polygon', coordinates: [star(2000, 5000, 0.05)] }),
    radius: 2000,
  },
  { label: 'road 200 vertices, 40 m', def: roadDef, radius: 0 },
];

const T0 = Date.UTC(2026, 10, 26, 0, 0); // 08:00 in Shanghai: inside the daily window for 14 hours.
const FIXES = 4096;
/** Fixes 10 s apart at the given places (jitter of ±`jitter` m), speeds between 20 and 90 km/h. */
function stream(place: (i: number) => LngLat, jitter: number): ZoneFix[] {
  return Array.from({ length: FIXES }, (_, i) => {
    const [lng, lat] = place(i);
    return {
      time: T0 + i * 10_000,
      lng: lng + (noise() * jitter) / KX,
      lat: lat + (noise() * jitter) / METRES_PER_DEGREE,
      speed: 55 + 35 * Math.sin(i / 7),
      valid: true,
    };
  });
}
function streamsOf(z: (typeof zones)[number]): { label: string; fixes: ZoneFix[] }[] {
  if (z.def.kind === 'road') {
    const along = (i: number, off: number): LngLat => {
      const k = (i * 0.37) % 199;
      const a = roadLine[Math.floor(k)] as LngLat;
      const b = roadLine[Math.floor(k) + 1] as LngLat;
      const t = k - Math.floor(k);
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t + off / METRES_PER_DEGREE];
    };
    return [
      // Every 256th stretch of 8 fixes runs 70 m off the line: a deviation, then back on.
      { label: 'driving along, deviations', fixes: stream((i) => along(i, i % 256 < 8 ? 70 : 0), 12) },
      { label: 'parked on the corridor edge', fixes: stream(() => along(100, 25), 12) },
      { label: 'outside the box, no visit', fixes: stream(() => at(0, 3000), 12) },
    ];
  }
  const r = z.radius;
  // Back and forth through the centre from 1.5 r west to 1.5 r east, 128 fixes each way.
  const through = (i: number) => {
    const phase = (i % 256) / 128;
    return at((phase < 1 ? -1.5 + 3 * phase : 4.5 - 3 * phase) * r, 0);
  };
  return [
    { label: 'driving through', fixes: stream(through, 15) },
    { label: 'parked inside', fixes: stream(() => at(0, r * 0.1), 15) },
    { label: 'parked on the edge', fixes: stream(() => at(r - 10, 0), 25) },
    { label: 'outside the box, no visit', fixes: stream(() => at(0, r * 3 + 500), 15) },
  ];
}

interface Case {
  zone: string;
  input: string;
  compiled: CompiledZone;
  fixes: ZoneFix[];
  cpuNs: number[];
  wallNs: number[];
  events: number;
  steps: number;
}
const cases: Case[] = [];
for (const z of zones) {
  const compiled = compileZone(z.def, H);
  for (const s of streamsOf(z))
    cases.push({ zone: z.label, input: s.label, compiled, fixes: s.fixes, cpuNs: [], wallNs: [], events: 0, steps: 0 });
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};
function runRound(c: Case, ms: number, count: boolean) {
  let visit: ZoneVisit | undefined;
  let steps = 0;
  let events = 0;
  const wall0 = performance.now();
  const cpu0 = cpuNow();
  while (performance.now() - wall0 < ms) {
    for (const fix of c.fixes) {
      const r = stepZone(c.compiled, visit, fix, H);
      visit = r.visit;
      events += r.events.length;
    }
    steps += c.fixes.length;
    // The stream's clock starts over: so does the visit, or its fixes would be older than the visit.
    visit = undefined;
  }
  const cpu = cpuNow() - cpu0;
  const wall = (performance.now() - wall0) * 1e6;
  if (count) {
    c.cpuNs.push(cpu / steps);
    c.wallNs.push(wall / steps);
    c.events += events;
    c.steps += steps;
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load average at the start ${load()}`);
for (const c of cases) runRound(c, 300, false);
for (let round = 0; round < rounds; round++) for (const c of cases) runRound(c, roundMs, true);

/**
 * CPU µs per call: calls for half a second after as many of warm-up (the first calls run before V8 optimises;
 * the kernel counts CPU time in ticks, so a short count would be mostly rounding).
 */
function perCall(f: () => unknown): number {
  const run = () => {
    let n = 0;
    const wall0 = performance.now();
    const cpu0 = cpuNow();
    while (performance.now() - wall0 < 500) {
      f();
      n++;
    }
    return (cpuNow() - cpu0) / n / 1000;
  };
  run();
  return run();
}
const validate = (def: ZoneDef) => (def.kind === 'road' ? validateLine(def.geometry) : validateFence(def.geometry));
for (const z of zones) if (validate(z.def)) throw new Error(`${z.label}: ${validate(z.def)}`);
const prep = zones.map((z) => ({
  label: z.label,
  compile: perCall(() => compileZone(z.def, H)),
  validate: perCall(() => validate(z.def)),
}));

console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${fmt(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average ${load()}`,
);
console.log(
  '| zone | fixes | events per 1,000 fixes | CPU µs/step median (range of rounds) | wall µs/step median |\n|---|---|---|---|---|',
);
for (const c of cases) {
  const cpu = [...c.cpuNs].sort((a, b) => a - b);
  const wall = [...c.wallNs].sort((a, b) => a - b);
  console.log(
    `| ${c.zone} | ${c.input} | ${fmt((c.events / c.steps) * 1000, 1)} | ${fmt(percentile(cpu, 50) / 1000, 3)} (${fmt((cpu[0] ?? 0) / 1000, 3)}–${fmt((cpu[cpu.length - 1] ?? 0) / 1000, 3)}) | ${fmt(percentile(wall, 50) / 1000, 3)} |`,
  );
}
console.log('\n| zone | compileZone CPU µs | validate CPU µs |\n|---|---|---|');
for (const p of prep) console.log(`| ${p.label} | ${fmt(p.compile, 1)} | ${fmt(p.validate, 1)} |`);
