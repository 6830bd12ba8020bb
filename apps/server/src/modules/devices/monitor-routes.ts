import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CommandIdReply, ImmobiliserBody } from '@lodestar/contract/commands';
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
import type { FastifyInstance } from 'fastify';
import type { MonitorService } from './monitor-service.ts';

/** Command/Lock and Command/Unlock (function 83): the remote immobiliser, as the command types of the queue. */
const MONITOR_COMMANDS = [
  { path: 'Arm', type: 'arm', fn: Fn.sendCommand, action: undefined },
  { path: 'Disarm', type: 'disarm', fn: Fn.sendCommand, action: undefined },
  { path: 'Lock', type: 'engineStop', fn: Fn.lockUnlock, action: 'lockDevice' },
  { path: 'Unlock', type: 'engineResume', fn: Fn.lockUnlock, action: 'unlockDevice' },
] as const;

/** Monitor/GetMonitorCounts, Monitor/GetDeviceDetail, Monitor/Follow, Alarm/ReleaseAlarm, Command/Arm, Disarm, Lock and Unlock. */
export function monitorRoutes(fastify: FastifyInstance, svc: MonitorService) {
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
    async (req, reply) => reply.ok(await svc.counts(req.auth, req.body.HoldID)),
  );

  app.post(
    '/API/api/Monitor/GetDeviceDetail',
    {
      config: monitor,
      schema: { tags: ['monitor'], body: DeviceIdBody, response: { 200: DeviceDetailReply } },
    },
    async (req, reply) => reply.ok(await svc.detail(req.auth, req.body.DeviceID)),
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
    async (req, reply) => reply.ok(await svc.toggleFollow(req.auth, req.body.DeviceID)),
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
    async (req, reply) => reply.ok(await svc.releaseAlarm(req.auth, req.body.DeviceID, req.body.Reason)),
  );

  // Refused for a protocol that cannot carry them; lock and unlock are logged (MonitorService.command).
  for (const { path, type, fn, action } of MONITOR_COMMANDS) {
    app.post(
      `/API/api/Command/${path}`,
      {
        config: { fn },
        schema: {
          tags: ['commands'],
          // Lock and unlock carry the sender's password (checked after the device, like SendCommand's).
          body: action ? ImmobiliserBody : DeviceIdBody,
          response: { 200: CommandIdReply },
        },
      },
      async (req, reply) => {
        const body = req.body as { DeviceID: string; Password?: string };
        return reply.ok(await svc.command(req.auth, body.DeviceID, type, action, body.Password));
      },
    );
  }
}
