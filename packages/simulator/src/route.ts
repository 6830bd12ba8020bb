import { bearingTo, CITIES, type City, distanceM, moveBy } from './cities.ts';
import { between, pick, type Random } from './random.ts';

export type SimAlarm = 'sos' | 'overspeed' | 'powerCut';

/** One report's worth of vehicle state. */
export interface SimFix {
  time: Date;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  altitude: number;
  acc: boolean;
  /** Odometer, metres. */
  odometerM: number;
  alarm?: SimAlarm;
}

const ACCELERATION = 2.0; // m/s², a brisk car
const BRAKING = 3.0;
const OVERSPEED_KMH = 100;

/**
 * A vehicle driving a polyline of waypoints around a city: cruise speeds 30–110 km/h reached with realistic
 * acceleration, slowing for each waypoint, stops of a few minutes (ignition off on longer ones), and rare
 * alarms (SOS, overspeed when above 100 km/h, external power cut).
 */
export class Vehicle {
  readonly city: City;
  private lat: number;
  private lon: number;
  private speed = 0; // m/s
  private course = 0;
  private cruise = 0;
  private target: { lat: number; lon: number };
  private stopLeft = 60; // seconds; every vehicle starts parked for a minute
  private acc = false;
  private odometer = 0;
  private overspeeding = false;
  private immobilised = false;
  private clock: number;
  private carry = 0; // simulated seconds not yet stepped (ticks shorter than a second)

  constructor(
    private readonly random: Random,
    start: Date,
  ) {
    this.city = pick(random, CITIES);
    const p = moveBy(this.city.lat, this.city.lon, between(random, 0, 360), between(random, 0, 3000));
    this.lat = p.lat;
    this.lon = p.lon;
    this.clock = start.getTime();
    this.target = this.nextWaypoint();
  }

  /** Advance the simulation by `seconds` (in 1 s steps) and report the state at the end. */
  advance(seconds: number): SimFix {
    let alarm: SimAlarm | undefined;
    this.carry += seconds;
    for (; this.carry >= 1; this.carry--) alarm = this.step() ?? alarm;
    this.clock += seconds * 1000;
    return {
      time: new Date(Math.floor(this.clock / 1000) * 1000),
      lat: this.lat,
      lon: this.lon,
      speedKmh: Math.round(this.speed * 3.6),
      course: Math.round(this.course) % 360,
      altitude: 20 + Math.round(between(this.random, 0, 10)),
      acc: this.acc,
      odometerM: Math.round(this.odometer),
      alarm,
    };
  }

  /**
   * The immobiliser relay (fuel/power cut by Command/Lock): the engine dies and the car brakes to a
   * halt and stays there; restored, it starts again half a minute later.
   */
  setImmobilised(on: boolean): void {
    if (on === this.immobilised) return;
    this.immobilised = on;
    if (on) return;
    this.speed = 0;
    this.stopLeft = Math.max(this.stopLeft, 30);
  }

  private step(): SimAlarm | undefined {
    if (this.immobilised) {
      this.acc = false;
      this.speed = Math.max(0, this.speed - BRAKING);
      const p = moveBy(this.lat, this.lon, this.course, this.speed);
      this.lat = p.lat;
      this.lon = p.lon;
      this.odometer += this.speed;
      return undefined;
    }
    if (this.stopLeft > 0) {
      this.stopLeft--;
      if (this.stopLeft === 0) {
        this.acc = true;
        this.cruise = this.pickCruise();
      }
      return this.random() < 0.00002 ? 'powerCut' : undefined;
    }
    const left = distanceM(this.lat, this.lon, this.target.lat, this.target.lon);
    // Slow down to ~20 km/h for the waypoint (a junction): v² = 2·a·d.
    const limit = Math.min(this.cruise, Math.sqrt(2 * BRAKING * Math.max(0, left - 20)) + 5.5);
    this.speed =
      this.speed < limit ? Math.min(limit, this.speed + ACCELERATION) : Math.max(limit, this.speed - BRAKING);
    this.course = bearingTo(this.lat, this.lon, this.target.lat, this.target.lon);
    const moved = Math.min(this.speed, left);
    const p = moveBy(this.lat, this.lon, this.course, moved);
    this.lat = p.lat;
    this.lon = p.lon;
    this.odometer += moved;
    if (left - moved < 1) this.arrive();
    const fast = this.speed * 3.6 > OVERSPEED_KMH;
    const alarm = fast && !this.overspeeding ? 'overspeed' : this.random() < 0.0001 ? 'sos' : undefined;
    this.overspeeding = fast;
    return alarm;
  }

  private arrive(): void {
    this.target = this.nextWaypoint();
    this.cruise = this.pickCruise();
    if (this.random() < 0.2) {
      this.stopLeft = Math.round(between(this.random, 60, 480)); // a stop of 1-8 minutes
      this.speed = 0;
      this.acc = this.stopLeft < 180; // engine off for the longer stops
    }
  }

  /** Next corner 300 m – 2.5 km ahead, turning at most ~90°, pulled back when far from the centre. */
  private nextWaypoint(): { lat: number; lon: number } {
    const fromCentre = distanceM(this.city.lat, this.city.lon, this.lat, this.lon);
    const home = bearingTo(this.lat, this.lon, this.city.lat, this.city.lon);
    const heading = fromCentre > this.city.radiusKm * 1000 ? home : this.course + between(this.random, -90, 90);
    return moveBy(this.lat, this.lon, heading, between(this.random, 300, 2500));
  }

  /** Mostly urban speeds, sometimes an expressway. */
  private pickCruise(): number {
    const kmh = this.random() < 0.2 ? between(this.random, 80, 110) : between(this.random, 30, 70);
    return kmh / 3.6;
  }
}
