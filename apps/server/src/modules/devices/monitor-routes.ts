import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Fn, STATUS_FILTERS } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { stateFromRow } from '../../ingest/sql.ts';
import { isOnline, mapStatus } from '../../ingest/state.ts';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import { Id, ReplyOf } from '../../lib/schemas.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import type { MonitorRepository } from './monitor-repository.ts';

const DeviceID = Type.String({ pattern: '^[0-9A-Za-z]{4,32}$' });
const COUNT_KEYS = STATUS_FILTERS;

export interface MonitorDeps {
  monitor: MonitorRepository;
  holds: HoldRepository;
  logs: LogRepository;
  onlineTimeoutMs: number;
  /** Queues a command for a device and tells the gateway; returns the command id. */
  queueCommand: (devicePk: number, deviceId: string, type: 'arm' | 'disarm', userId: number) => Promise<number>;
  /** Ingest's cached state must forget released alarms too. */
  releaseCached: (devicePk: number) => void;
}

async function scopePath(deps: MonitorDeps, auth: AuthContext, holdId?: number): Promise<string> {
  if (!holdId) return auth.holdPath;
  const hold = await deps.holds.findById(holdId);
  assertInSubtree(auth.holdPath, hold);
  return hold!.path;
}

async function device(deps: MonitorDeps, auth: AuthContext, deviceId: string) {
  const d = await deps.monitor.deviceInSubtree(deviceId, auth.holdPath);
  if (!d) throw outsideHold();
  return d;
}

/** Monitor/GetMonitorCounts, Monitor/Follow, Alarm/ReleaseAlarm, Command/Arm and Command/Disarm. */
export function monitorRoutes(fastify: FastifyInstance, deps: MonitorDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const monitor = { fn: Fn.onlineMonitor };

  app.post(
    '/API/api/Monitor/GetMonitorCounts',
    {
      config: monitor,
      schema: {
        tags: ['monitor'],
        body: Type.Object({ HoldID: Type.Optional(Id) }),
        response: { 200: ReplyOf(Type.Object(Object.fromEntries(COUNT_KEYS.map((k) => [k, Type.Integer()])))) },
      },
    },
    async (req, reply) => {
      const path = await scopePath(deps, req.auth, req.body.HoldID);
      const [rows, followed] = await Promise.all([
        deps.monitor.subtreeStates(path),
        deps.monitor.followedPks(req.auth.userId),
      ]);
      const counts = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Record<(typeof COUNT_KEYS)[number], number>;
      const now = new Date();
      for (const r of rows) {
        const s = r.device_pk === null ? undefined : stateFromRow(r as never);
        const online = isOnline(s, now, deps.onlineTimeoutMs);
        const status = mapStatus(s, online);
        counts.all++;
        if (online) counts.online++;
        if (status === 'offline') counts.offline++;
        if (status === 'moving') counts.moving++;
        if (status === 'ignitionOff') counts.ignitionOff++;
        if (status === 'alarm') counts.alarm++;
        if (online && status !== 'alarm') counts.normal++;
        if (status === 'unused') counts.unused++;
        if (followed.has(r.pk)) counts.followed++;
      }
      return reply.ok(counts);
    },
  );

  app.post(
    '/API/api/Monitor/Follow',
    {
      config: monitor,
      schema: {
        tags: ['monitor'],
        body: Type.Object({ DeviceID }),
        response: { 200: ReplyOf(Type.Object({ Followed: Type.Boolean() })) },
      },
    },
    async (req, reply) => {
      const d = await device(deps, req.auth, req.body.DeviceID);
      return reply.ok({ Followed: await deps.monitor.toggleFollow(req.auth.userId, d.pk) });
    },
  );

  app.post(
    '/API/api/Alarm/ReleaseAlarm',
    {
      config: { fn: Fn.releaseAlarm },
      schema: {
        tags: ['monitor'],
        body: Type.Object({ DeviceID, Reason: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: ReplyOf(Type.Object({ Released: Type.Integer() })) },
      },
    },
    async (req, reply) => {
      const d = await device(deps, req.auth, req.body.DeviceID);
      const released = await deps.monitor.releaseAlarms(d.pk, req.auth.userId, req.body.Reason);
      deps.releaseCached(d.pk);
      await deps.logs.operation({
        userId: req.auth.userId,
        holdId: req.auth.holdId,
        action: 'releaseAlarm',
        detail: `${d.deviceId}: ${req.body.Reason}`,
        ip: req.auth.ip,
      });
      return reply.ok({ Released: released });
    },
  );

  for (const type of ['arm', 'disarm'] as const) {
    app.post(
      `/API/api/Command/${type === 'arm' ? 'Arm' : 'Disarm'}`,
      {
        config: { fn: Fn.sendCommand },
        schema: {
          tags: ['commands'],
          body: Type.Object({ DeviceID }),
          response: { 200: ReplyOf(Type.Object({ CommandID: Type.Integer() })) },
        },
      },
      async (req, reply) => {
        const d = await device(deps, req.auth, req.body.DeviceID);
        if (!d) throw badRequest('notFound');
        return reply.ok({ CommandID: await deps.queueCommand(d.pk, d.deviceId, type, req.auth.userId) });
      },
    );
  }
}
