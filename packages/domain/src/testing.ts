import type { FenceDef } from './zone-rules.ts';
import type { FenceGeometry } from './zones.ts';

/**
 * Tests' support for code built on the domain, imported as `@lodestar/domain/testing` (not re-exported by the
 * package's index, so no bundle carries it).
 */

/**
 * A fence definition as `compileZone` takes it: named `F<id>`, recording enter and leave with the alarm on, always
 * valid, in Shanghai's time zone (the platform's default), no speed or stay rule; `overrides` change any of that.
 */
export function fenceDef(id: number, geometry: FenceGeometry, overrides: Partial<FenceDef> = {}): FenceDef {
  return {
    kind: 'fence',
    id,
    name: `F${id}`,
    geometry,
    recordType: 'both',
    triggerAlarm: true,
    validFrom: null,
    validTo: null,
    dailyFrom: null,
    dailyTo: null,
    timeZone: 'Asia/Shanghai',
    speedLimit: null,
    maxStayMinutes: null,
    ...overrides,
  };
}
