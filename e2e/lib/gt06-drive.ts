import { createConnection } from 'node:net';
import { Gt06FrameSplitter, Gt06Type, parseGt06Frame } from '@lodestar/protocols';
import { encodeGt06Location, encodeGt06Login } from '../../packages/simulator/src/protocols/gt06.ts';
import type { SimAlarm } from '../../packages/simulator/src/route.ts';

export interface DriveFix {
  time: Date;
  lat: number;
  lon: number;
  speedKmh: number;
  course: number;
  /** Sent as a GT06 alarm packet (0x16) carrying this alarm. */
  alarm?: SimAlarm;
}

/**
 * Sends a GT06 tracker's positions over real TCP to the gateway, as a tracker re-sending its stored fixes
 * does: login, wait for its ACK, then every fix; resolves once the gateway acknowledged each one (the
 * gateway ACKs after the position is durably written, so the history holds them all by then).
 */
export async function driveGt06(port: number, imei: string, fixes: readonly DriveFix[], timeoutMs = 60_000) {
  const socket = createConnection({ host: '127.0.0.1', port });
  const splitter = new Gt06FrameSplitter();
  let serial = 0;
  const waiting = new Map<number, () => void>();
  socket.on('data', (chunk) => {
    for (const frame of splitter.push(chunk)) {
      const f = parseGt06Frame(frame);
      if (!f) continue;
      const done = waiting.get(f.type === Gt06Type.Login ? -1 : f.serial);
      done?.();
    }
  });
  const acked = (key: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`GT06 ${imei}: no ACK for ${key}`)), timeoutMs);
      waiting.set(key, () => {
        clearTimeout(timer);
        waiting.delete(key);
        resolve();
      });
    });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const login = acked(-1);
    socket.write(encodeGt06Login(imei, ++serial));
    await login;
    const acks: Promise<void>[] = [];
    for (const fix of fixes) {
      const s = ++serial;
      acks.push(acked(s));
      socket.write(encodeGt06Location({ ...fix, altitude: 10, acc: fix.speedKmh > 0, odometerM: 0 }, s));
    }
    await Promise.all(acks);
  } finally {
    socket.destroy();
  }
}
