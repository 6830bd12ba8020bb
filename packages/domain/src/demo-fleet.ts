/** Device identities of the demo fleet: the simulator drives them, the server's demo seed registers them. */

import { withLuhn } from './sim.ts';

export type SimProtocol = 'gt06' | 'jt808' | 'h02' | 'osmand';
export const SIM_PROTOCOLS: readonly SimProtocol[] = ['gt06', 'jt808', 'h02', 'osmand'];

/** Relative weights; missing protocols get none. */
export type ProtocolMix = Partial<Record<SimProtocol, number>>;
export const DEFAULT_MIX: ProtocolMix = { gt06: 4, jt808: 3, h02: 2, osmand: 1 };

export interface SimDeviceId {
  index: number;
  protocol: SimProtocol;
  /** As the gateway reports it (GT06/H02 IMEI, JT/T 808 terminal number without leading zeros, OsmAnd id). */
  deviceId: string;
}

function idFor(protocol: SimProtocol, n: number): string {
  const serial = String(n).padStart(8, '0');
  switch (protocol) {
    case 'gt06': {
      const body = `8686${String(n).padStart(10, '0')}`; // 14 digits + Luhn = 15-digit IMEI
      return withLuhn(body); // a valid IMEI
    }
    case 'jt808':
      return `139${serial}`; // 11-digit terminal phone, BCD[6] on the wire as 0139…
    case 'h02':
      return `41${serial}`; // 10-digit id as H02 trackers print it
    case 'osmand':
      return `77${serial}`;
  }
}

/**
 * The first `n` devices of a fleet with this mix: deterministic (no seed involved), spread over the protocols
 * by largest remainder so that any prefix of the fleet keeps the mix.
 */
export function deviceIds(n: number, protocolMix: ProtocolMix = DEFAULT_MIX, offset = 0): SimDeviceId[] {
  const weights = SIM_PROTOCOLS.map((p) => Math.max(0, protocolMix[p] ?? 0));
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) throw new RangeError('protocolMix gives every protocol a zero weight');
  const counts = SIM_PROTOCOLS.map(() => 0);
  const out: SimDeviceId[] = [];
  for (let i = 0; i < n; i++) {
    // The protocol furthest below its share so far takes the next device.
    let best = 0;
    let bestGap = Number.NEGATIVE_INFINITY;
    weights.forEach((w, k) => {
      const gap = ((i + 1) * w) / total - (counts[k] ?? 0);
      if (w > 0 && gap > bestGap) [best, bestGap] = [k, gap];
    });
    counts[best] = (counts[best] ?? 0) + 1;
    const protocol = SIM_PROTOCOLS[best] as SimProtocol;
    out.push({ index: i, protocol, deviceId: idFor(protocol, offset + i + 1) });
  }
  return out;
}
