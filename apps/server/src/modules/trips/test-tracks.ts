import type { TripPoint } from '@lodestar/domain';
import type { InboundRecord } from '@lodestar/gateway';
import type { Position } from '@lodestar/protocols';

/** Tracks for the trip/stop tests: a vehicle driven, halted, parked and silenced, fix by fix (test support). */

export type Random = () => number;

/** mulberry32: the same seed gives the same track. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const M_PER_DEG = 111_320;

export class Track {
  readonly points: TripPoint[] = [];
  /** Metres driven, as the wheels count them. */
  driven = 0;
  private bearing = 0;
  private odo: number;

  constructor(
    public t: number,
    public lat = 31.2304,
    public lon = 121.4737,
    private readonly opts: { acc?: boolean; odometer?: boolean; random?: Random } = {},
  ) {
    this.odo = opts.odometer ? 1_000_000 : 0;
  }

  private rnd(): number {
    return (this.opts.random ?? Math.random)();
  }

  private move(metres: number, bearingDeg: number): void {
    const b = (bearingDeg * Math.PI) / 180;
    this.lat += (metres * Math.cos(b)) / M_PER_DEG;
    this.lon += (metres * Math.sin(b)) / (M_PER_DEG * Math.cos((this.lat * Math.PI) / 180));
  }

  private fix(extra: Partial<TripPoint> = {}, at = { lat: this.lat, lon: this.lon }): void {
    this.points.push({
      time: this.t,
      lat: at.lat,
      lon: at.lon,
      speed: 0,
      valid: true,
      ...(this.opts.acc ? { acc: true } : {}),
      ...(this.opts.odometer ? { odometer: Math.round(this.odo) } : {}),
      ...extra,
    });
  }

  /** Drives for `seconds` at about `kmh`, turning a little, a fix every `every` seconds. */
  drive(seconds: number, kmh: number, every = 10, turn = 20): this {
    for (let s = 0; s < seconds; s += every) {
      this.t += every * 1000;
      this.bearing = (this.bearing + (this.rnd() - 0.5) * turn + 360) % 360;
      const m = (kmh / 3.6) * every;
      this.move(m, this.bearing);
      this.driven += m;
      this.odo += m * 1.05;
      this.fix({ speed: kmh * (0.9 + this.rnd() * 0.2) });
    }
    return this;
  }

  /**
   * Stands still for `seconds`, a fix every `every` seconds scattered up to `drift` metres around the
   * spot at speeds under 3 km/h (GPS drift); `acc` as the device reports it then.
   */
  halt(seconds: number, every = 10, drift = 0, acc?: boolean): this {
    const spot = { lat: this.lat, lon: this.lon };
    for (let s = 0; s < seconds; s += every) {
      this.t += every * 1000;
      const r = drift * Math.sqrt(this.rnd());
      const a = this.rnd() * 2 * Math.PI;
      const at = {
        lat: spot.lat + (r * Math.cos(a)) / M_PER_DEG,
        lon: spot.lon + (r * Math.sin(a)) / (M_PER_DEG * Math.cos((spot.lat * Math.PI) / 180)),
      };
      this.fix({ speed: drift ? this.rnd() * 3 : 0, ...(acc !== undefined ? { acc } : {}) }, at);
    }
    return this;
  }

  /** No fix for `seconds` (a tunnel, the device off); with `metres` it is that far away afterwards. */
  silent(seconds: number, metres = 0): this {
    this.t += seconds * 1000;
    this.move(metres, this.bearing);
    this.driven += metres;
    this.odo += metres;
    return this;
  }

  /** One fix now with these fields (an outlier, a reset odometer). */
  point(extra: Partial<TripPoint>): this {
    this.t += 10_000;
    this.fix(extra);
    return this;
  }
}

/** A random day-in-the-life track: drives with lights and queues, parks with drift, silences. */
export function randomTrack(random: Random, start: number, hours: number, acc = false): TripPoint[] {
  const track = new Track(start, 31 + random(), 121 + random(), { acc, random, odometer: random() < 0.3 });
  const end = start + hours * 3_600_000;
  while (track.t < end) {
    const r = random();
    const every = [5, 10, 30, 60][Math.floor(random() * 4)]!;
    if (r < 0.4) track.drive(60 + random() * 1800, 10 + random() * 90, every);
    else if (r < 0.6) track.halt(20 + random() * 160, every, 0, acc ? random() < 0.8 : undefined);
    else if (r < 0.85) track.halt(120 + random() * 20_000, Math.max(every, 60), random() * 80, acc ? false : undefined);
    else track.silent(60 + random() * 9000, random() < 0.5 ? 0 : random() * 20_000);
  }
  return track.points;
}

/** Fixes as one GT06 position message, as the gateway hands it to the ingest writer (test support). */
export const tripRecord = (deviceId: string, points: TripPoint[]): InboundRecord => ({
  protocol: 'gt06',
  deviceId,
  receivedAt: new Date(),
  remoteAddress: '127.0.0.1',
  message: {
    protocol: 'gt06',
    kind: 'position',
    messageType: 0x22,
    positions: points.map(
      (p): Position => ({
        fixTime: new Date(p.time),
        valid: p.valid,
        lat: p.lat,
        lon: p.lon,
        speedKmh: p.speed,
        course: 0,
        satellites: 8,
        alarms: [],
        attributes: { ...(p.acc !== undefined ? { acc: p.acc } : {}), ...(p.odometer ? { odometer: p.odometer } : {}) },
      }),
    ),
    alarms: [],
    attributes: {},
  },
});
