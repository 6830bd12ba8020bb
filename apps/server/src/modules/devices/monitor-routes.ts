import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CommandIdReply } from '@lodestar/contract/commands';
import { DeviceIdBody } from '@lodestar/contract/devices';
import {
  DeviceDetailReply,
  FollowReply,
  MonitorCountsBody,
  MonitorCountsReply,
  ReleaseAlarmBody,
  ReleaseAlarmReply,
} from '@lodestar/contract/monitor';
import { Fn } from '@lodestar/domain';
import { supportsCommand } from '@lodestar/gateway';
import type { FastifyInstance } from 'fastify';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { LogRepository } from '../logs/repository.ts';
import { attributeDetail } from './detail.ts';
import type { MonitorRepository } from './monitor-repository.ts';

/** The commands the monitor queues: arm/disarm, and the immobiliser's cut and restore (lock/unlock). */
export type MonitorCommand = 'arm' | 'disarm' | 'engineStop' | 'engineResume';

/** Command/Lock and Command/Unlock (function 83): the remote immobiliser, as the command types of the queue. */
const MONITOR_COMMANDS = [
  { path: 'Arm', type: 'arm', fn: Fn.sendCommand, action: undefined },
  { path: 'Disarm', type: 'disarm', fn: Fn.sendCommand, action: undefined },
  { path: 'Lock', type: 'engineStop', fn: Fn.lockUnlock, action: 'lockDevice' },
  { path: 'Unlock', type: 'engineResume', fn: Fn.lockUnlock, action: 'unlockDevice' },
] as const;

export interface MonitorDeps {
  monitor: MonitorRepository;
  holds: HoldRepository;
  logs: LogRepository;
  onlineTimeoutMs: number;
  /** Queues a command for a device and tells the gateway; returns the command id. */
  queueCommand: (devicePk: number, deviceId: string, type: MonitorCommand, userId: number) => Promise<number>;
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

/** Monitor/GetMonitorCounts, Monitor/GetDeviceDetail, Monitor/Follow, Alarm/ReleaseAlarm, Command/Arm, Disarm, Lock and Unlock. */
export function monitorRoutes(fastify: FastifyInstance, deps: MonitorDeps) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const monitor = { fn: Fn.onlineMonitor };

  app.post(
    '/API/api/Monitor/GetMonitorCounts',
    {
      config: monitor,
      schema: {
        tags: ['monitor'],
        body: MonitorCountsBody,
        response: { 200: MonitorCountsReply },
      },
    },
    async (req, reply) => {
      const path = await scopePath(deps, req.auth, req.body.HoldID);
      const judge = { userId: req.auth.userId, now: new Date(), onlineTimeoutMs: deps.onlineTimeoutMs };
      const counts = await deps.monitor.counts(path, judge);
      return reply.ok(counts);
    },
  );

  app.post(
    '/API/api/Monitor/GetDeviceDetail',
    {
      config: monitor,
      schema: { tags: ['monitor'], body: DeviceIdBody, response: { 200: DeviceDetailReply } },
    },
    async (req, reply) => {
      const d = await device(deps, req.auth, req.body.DeviceID);
      const row = await deps.monitor.detail(d.pk, req.auth.holdPath);
      return reply.ok({
        DeviceID: d.deviceId,
        Vehicle: row?.plate ? { Plate: row.plate, OwnerName: row.owner_name ?? '' } : null,
        ...attributeDetail(row?.attributes ?? null, row?.valid ?? null),
      });
    },
  );

  app.post(
    '/API/api/Monitor/Follow',
    {
      config: monitor,
      schema: {
        tags: ['monitor'],
        body: DeviceIdBody,
        response: { 200: FollowReply },
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
        body: ReleaseAlarmBody,
        response: { 200: ReleaseAlarmReply },
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

  // Commands are refused at once for a protocol that cannot carry them (spec section 8: unsupported
  // protocol) rather than queued to fail later. Cutting or restoring a vehicle's fuel or power goes
  // into the operation log as well.
  for (const { path, type, fn, action } of MONITOR_COMMANDS) {
    app.post(
      `/API/api/Command/${path}`,
      {
        config: { fn },
        schema: {
          tags: ['commands'],
          body: DeviceIdBody,
          response: { 200: CommandIdReply },
        },
      },
      async (req, reply) => {
        const d = await device(deps, req.auth, req.body.DeviceID);
        if (!supportsCommand(d.protocol, type)) throw badRequest('unsupportedProtocol', d.protocol);
        const id = await deps.queueCommand(d.pk, d.deviceId, type, req.auth.userId);
        if (action)
          await deps.logs.operation({
            userId: req.auth.userId,
            holdId: req.auth.holdId,
            action,
            detail: `${d.deviceId} #${id}`,
            ip: req.auth.ip,
          });
        return reply.ok({ CommandID: id });
      },
    );
  }
}
