/**
 * bench:photos (issue #18): a 200 KB JPEG uploaded by a JT/T 808 terminal in ~1 KB 0x0801 packets over real TCP to
 * the gateway, gathered, checked, written under DATA_DIR and its row committed (PgPhotoSink). Times from the moment
 * the last packet is written to the socket to the terminal's reading the gateway's empty 0x8800 (sent only once the
 * file and row are durable). Rounds with a lost packet time it from the resent packet instead. Goal: < 1 s.
 *
 *   npm run bench:photos -- [--targets embedded,external] [--rounds 10] [--kb 200]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startGateway } from '@lodestar/gateway';
import {
  decodeMediaReply,
  encodeMediaEvent,
  encodeMediaUpload,
  Jt808FrameSplitter,
  parseJt808Frame,
} from '@lodestar/protocols';
import { cameraJpeg } from '@lodestar/simulator';
import { InProcessBus } from '../apps/server/src/ingest/bus.ts';
import { createIngest } from '../apps/server/src/ingest/index.ts';
import { PgPhotoSink } from '../apps/server/src/ingest/photo-sink.ts';
import { benchDatabase, fmt, percentile, registerDevices } from './lib.ts';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'embedded,external' },
    rounds: { type: 'string', default: '10' },
    kb: { type: 'string', default: '200' },
  },
});
const ROUNDS = Number(values.rounds);
const BYTES = Number(values.kb) * 1024;
const TERMINAL = '13912340001';
const target = { phone: Buffer.from('013912340001', 'hex') };
// 28-byte location: fixed, 31.234567 N 121.987654 E, 2026-11-26 18:00:00 GMT+8.
const LOCATION = Buffer.from(
  '00000000' + '00000002' + '01dc9a07' + '07456246' + '0032' + '0258' + '005a' + '261126180000',
  'hex',
);

/** Resolves with the next 0x8800 the gateway sends on this socket. */
function replies(socket: Socket) {
  const splitter = new Jt808FrameSplitter();
  const waiting: ((r: { mediaId: number; missing: number[]; at: number }) => void)[] = [];
  socket.on('data', (chunk) => {
    const at = performance.now();
    for (const f of splitter.push(chunk)) {
      const frame = parseJt808Frame(f);
      if (frame?.header.msgId === 0x8800) waiting.shift()?.({ ...decodeMediaReply(frame.body), at });
    }
  });
  return () => new Promise<{ mediaId: number; missing: number[]; at: number }>((r) => waiting.push(r));
}

async function run(name: 'embedded' | 'external') {
  const db = await benchDatabase(name);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lodestar-bench-photos-'));
  await registerDevices(db.pool, [{ deviceId: TERMINAL, protocol: 'jt808' }]);
  const ingest = createIngest(db.pool, new InProcessBus());
  const gateway = await startGateway({
    host: '127.0.0.1',
    listenOnFreePorts: true,
    ports: { gt06: 0, h02: 0, osmand: 0, teltonika: 0 },
    udp: [],
    sink: ingest.writer,
    directory: ingest.directory,
    commands: ingest.commands,
    photos: new PgPhotoSink(db.pool, ingest.cache, dataDir),
  });
  const socket = connect(gateway.ports.jt808, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise((r) => socket.once('connect', r));
  const next = replies(socket);
  const plain: number[] = [];
  const lost: number[] = [];
  let serial = 1;
  for (let round = 0; round < ROUNDS * 2; round++) {
    const mediaId = round + 1;
    const e = { mediaId, type: 0, format: 0, event: 0, channel: 1 };
    const frames = encodeMediaUpload(target, serial, e, LOCATION, cameraJpeg(BYTES, mediaId), 1000);
    serial += frames.length + 1;
    const drop = round % 2 === 1 ? Math.floor(frames.length / 2) : -1;
    socket.write(encodeMediaEvent(target, serial++, e));
    for (const [i, f] of frames.entries()) if (i !== drop) socket.write(f);
    let sentAt = performance.now();
    let reply = await next();
    if (drop >= 0) {
      if (reply.missing.join() !== String(drop + 1)) throw new Error(`asked for ${reply.missing}, lost ${drop + 1}`);
      socket.write(frames[drop] as Buffer);
      sentAt = performance.now();
      reply = await next();
    }
    if (reply.missing.length !== 0 || reply.mediaId !== mediaId) throw new Error('upload not confirmed');
    (drop >= 0 ? lost : plain).push(reply.at - sentAt);
  }
  const { rows } = await db.pool.query('SELECT count(*)::int AS n, min(size) AS size FROM photos');
  socket.destroy();
  await gateway.close();
  await ingest.writer.close();
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
  const line = (label: string, xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `| ${name} ${db.version} | ${label} | ${s.length} | ${fmt(percentile(s, 50), 1)} | ${fmt(s[s.length - 1] ?? NaN, 1)} |`;
  };
  console.log(line('last packet → stored and answered', plain));
  console.log(line('resent lost packet → stored and answered', lost));
  console.log(
    `  (${rows[0].n} photos of ${fmt(rows[0].size)} bytes stored, ${Math.ceil((BYTES + 36) / 1000)} packets each)`,
  );
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${os.cpus().length} cores, Node ${process.version}`,
);
console.log('| database | what | rounds | median ms | max ms |\n|---|---|---|---|---|');
for (const name of values.targets.split(',') as ('embedded' | 'external')[]) await run(name);
console.log(
  `load average after ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
