import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SystemInfo } from '@lodestar/contract/system';
import { AccountType } from '@lodestar/domain';
import { forbidden } from '../../lib/errors.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { SystemRepository } from './repository.ts';

/** What the process knows that the database does not: set by app.ts from its dependencies. */
export interface SystemSources {
  version: string;
  build: string;
  roles: string[];
  engine: 'embedded' | 'external';
  dataDir: string;
  startedAt: Date;
  /** The gateway of this process, once it runs. */
  gateway: () =>
    | {
        ports: Record<string, number>;
        udpPorts: Partial<Record<string, number>>;
        stats(): {
          connections: Record<string, number>;
          unidentified: number;
          framesDecoded: number;
          positionsPersisted: number;
        };
      }
    | undefined;
  backlog: () => number;
}

/** Walking DATA_DIR costs a read per file: its total is kept this long. */
const STORAGE_TTL_MS = 60_000;

async function du(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) total += await du(full);
    else if (e.isFile())
      total += await stat(full).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

/** System/GetInfo (function 33, and super administrators only: it describes the whole installation). */
export class SystemService {
  private storage: { at: number; bytes: number } | undefined;
  private lastSample: { at: number; frames: number; positions: number } | undefined;

  constructor(
    private readonly repo: SystemRepository,
    private readonly sources: SystemSources,
  ) {}

  async info(auth: AuthContext): Promise<SystemInfo> {
    if (auth.accountType !== AccountType.SuperAdmin) throw forbidden();
    const now = Date.now();
    const [db, protocols, unknown, storage] = await Promise.all([
      this.repo.database(),
      this.repo.protocols(),
      this.repo.unknownDevices(),
      this.storageBytes(now),
    ]);
    const gw = this.sources.gateway();
    const stats = gw?.stats();
    // Rates over the time since the previous call (or since start): the page asks every 10 s.
    const prev = this.lastSample ?? { at: this.sources.startedAt.getTime(), frames: 0, positions: 0 };
    const seconds = Math.max(1, (now - prev.at) / 1000);
    const frames = stats?.framesDecoded ?? 0;
    const positions = stats?.positionsPersisted ?? 0;
    this.lastSample = { at: now, frames, positions };
    const names = new Set([...protocols.map((p) => p.protocol), ...Object.keys(gw?.ports ?? {})]);
    return {
      Version: this.sources.version,
      Build: this.sources.build,
      Node: process.version,
      StartTime: formatInZone(this.sources.startedAt, auth.timeZone),
      UptimeSeconds: Math.floor((now - this.sources.startedAt.getTime()) / 1000),
      Roles: this.sources.roles,
      Database: {
        Engine: this.sources.engine,
        Version: db.version,
        SizeBytes: db.sizeBytes,
        Positions: db.positionsEstimate,
        OldestPosition: db.oldestDay ?? '',
        Devices: db.devices,
      },
      Gateway: {
        Running: gw !== undefined,
        Protocols: [...names].sort().map((name) => {
          const row = protocols.find((p) => p.protocol === name);
          return {
            Protocol: name,
            Port: gw?.ports[name] ?? 0,
            UdpPort: gw?.udpPorts[name] ?? 0,
            Connected: row?.connected ?? 0,
            Devices: row?.devices ?? 0,
          };
        }),
        Connections: stats ? Object.values(stats.connections).reduce((a, b) => a + b, 0) : 0,
        Unidentified: stats?.unidentified ?? 0,
        FramesPerSecond: Math.max(0, Math.round(((frames - prev.frames) / seconds) * 10) / 10),
        FramesDecoded: frames,
        UnknownDevices: unknown,
      },
      Ingest: {
        PositionsPerSecond: Math.max(0, Math.round(((positions - prev.positions) / seconds) * 10) / 10),
        Backlog: this.sources.backlog(),
      },
      Storage: { DataDir: path.resolve(this.sources.dataDir), UsedBytes: storage },
    };
  }

  private async storageBytes(now: number): Promise<number> {
    if (this.storage && now - this.storage.at < STORAGE_TTL_MS) return this.storage.bytes;
    const bytes = await du(path.resolve(this.sources.dataDir));
    this.storage = { at: now, bytes };
    return bytes;
  }
}
