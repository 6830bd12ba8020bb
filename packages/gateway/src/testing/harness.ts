/** Test-only: a gateway on free ports with in-memory ports, socket clients, vectors and polling. */
import { readFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GatewayHandle, startGateway } from '../gateway.ts';
import type { GatewayOptions } from '../options.ts';
import { MemoryCommands, MemoryDirectory, MemorySink } from './fakes.ts';

/** The codecs' vector files: <repo>/packages/gateway/src/testing → <repo>/packages/protocols/vectors. */
const VECTORS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../protocols/vectors');

export interface VectorFrame {
  hex?: string;
  text?: string;
  order?: number;
  verify?: string;
  transport?: string;
  http?: { method: string; uri: string; headers?: Record<string, string> };
}
export interface VectorFile {
  frames: VectorFrame[];
  responses?: Record<string, { hex: string; forFrameOrder: number } | string>;
}

export function loadVectors(name: string): VectorFile {
  return JSON.parse(readFileSync(join(VECTORS_DIR, name), 'utf8')) as VectorFile;
}

export function bytesOf(f: VectorFrame | undefined): Buffer {
  if (!f) throw new Error('no such vector frame');
  return f.hex !== undefined ? Buffer.from(f.hex, 'hex') : Buffer.from(f.text ?? '', 'latin1');
}

export interface TestGateway {
  gateway: GatewayHandle;
  sink: MemorySink;
  directory: MemoryDirectory;
  commands: MemoryCommands;
}

export async function testGateway(known: string[], options: Partial<GatewayOptions> = {}): Promise<TestGateway> {
  const sink = new MemorySink();
  const directory = new MemoryDirectory(new Set(known));
  const commands = new MemoryCommands();
  const gateway = await startGateway({
    sink,
    directory,
    commands,
    host: '127.0.0.1',
    listenOnFreePorts: true,
    ...options,
  });
  return { gateway, sink, directory, commands };
}

/** A fake device: everything the gateway writes accumulates in `received`. */
export class TestClient {
  received = Buffer.alloc(0);
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (d) => {
      this.received = Buffer.concat([this.received, d]);
    });
    socket.on('close', () => {
      this.closed = true;
    });
    socket.on('error', () => {});
  }

  /** `localAddress` another loopback address (127.0.0.2 …) to connect from a second source address. */
  static connect(port: number, localAddress?: string): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const socket = createConnection({ host: '127.0.0.1', port, localAddress }, () => resolve(new TestClient(socket)));
      socket.once('error', reject);
    });
  }

  send(bytes: Buffer | string): void {
    this.socket.write(bytes);
  }

  /** Wait until the gateway has written `hex` (anywhere in what was received). */
  async expectHex(hex: string, timeoutMs = 2000): Promise<void> {
    await eventually(() => this.received.toString('hex').includes(hex.toLowerCase()), timeoutMs, `reply ${hex}`);
  }

  take(): Buffer {
    const out = this.received;
    this.received = Buffer.alloc(0);
    return out;
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Poll until `check` holds (sockets and timers make "when" inexact). */
export async function eventually(check: () => boolean, timeoutMs = 2000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
