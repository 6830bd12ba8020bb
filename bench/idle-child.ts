/**
 * The flooding side of bench/idle-connections.ts, one process per source address (a process holds at most
 * its open-file limit of sockets): opens `count` idle TCP connections from `localAddress` at `rate` a second,
 * never sends a byte, holds them until `holdUntil` (epoch ms), then closes them all and exits. Prints one JSON
 * line once every connection was attempted and one at the end.
 */
import { createConnection, type Socket } from 'node:net';

const [portArg, localAddress, countArg, rateArg, holdUntilArg] = process.argv.slice(2);
const port = Number(portArg);
const count = Number(countArg);
const rate = Number(rateArg);
const holdUntil = Number(holdUntilArg);
if (!localAddress?.startsWith('127.') || !(count > 0 && count <= 50_000) || !(rate > 0)) {
  throw new Error('usage: idle-child <port> <127.x.y.z> <count ≤ 50000> <rate/s> <holdUntil epoch ms>');
}

const open = new Set<Socket>();
const errors: Record<string, number> = {};
let attempted = 0;
let connected = 0;
let closedByServer = 0;
let peakOpen = 0;
let settled = 0;
let stopping = false;

const TICK_MS = 20;
const perTick = Math.max(1, Math.round((rate * TICK_MS) / 1000));
const startedAt = Date.now();
await new Promise<void>((opened) => {
  const tick = setInterval(() => {
    for (let i = 0; i < perTick && attempted < count; i++) {
      attempted++;
      const socket = createConnection({ host: '127.0.0.1', port, localAddress });
      let done = false;
      const settle = () => {
        if (done) return;
        done = true;
        if (++settled === count) opened();
      };
      socket.on('connect', () => {
        connected++;
        open.add(socket);
        peakOpen = Math.max(peakOpen, open.size);
        settle();
      });
      socket.on('error', (err: NodeJS.ErrnoException) => {
        errors[err.code ?? err.message] = (errors[err.code ?? err.message] ?? 0) + 1;
      });
      socket.on('close', () => {
        if (open.delete(socket) && !stopping) closedByServer++;
        settle();
      });
    }
    if (attempted >= count) clearInterval(tick);
  }, TICK_MS);
});
const openingSeconds = (Date.now() - startedAt) / 1000;
console.log(JSON.stringify({ phase: 'opened', localAddress, openingSeconds }));
await new Promise((r) => setTimeout(r, Math.max(0, holdUntil - Date.now())));
const heldAtEnd = open.size;
stopping = true;
for (const socket of open) socket.destroy();
console.log(
  JSON.stringify({
    phase: 'done',
    localAddress,
    attempted,
    connected,
    closedByServer,
    peakOpen,
    heldAtEnd,
    openingSeconds,
    errors,
  }),
);
process.exit(0);
