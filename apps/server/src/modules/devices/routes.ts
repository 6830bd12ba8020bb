import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ActivateReply, DeviceIdBody, UnknownListReply, UnknownQuery } from '@lodestar/contract/devices';
import { MonitorBody, MonitorListReply } from '@lodestar/contract/monitor';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { registerMessages } from '../../lib/messages.ts';
import { DEVICES_MESSAGES } from './messages.ts';
import type { DeviceService } from './service.ts';

const manage = { fn: Fn.deviceManage };

/** Device/Activate (function 76), Device/GetUnknownDevices and Monitor/GetMonitorList: all scoped to the caller's hold subtree. */
export function deviceRoutes(fastify: FastifyInstance, svc: DeviceService) {
  registerMessages(DEVICES_MESSAGES);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['devices'];
  app.post(
    '/API/api/Device/Activate',
    { config: { fn: Fn.activate }, schema: { tags, body: DeviceIdBody, response: { 200: ActivateReply } } },
    async (req, reply) => reply.ok(await svc.activate(req.auth, req.body.DeviceID)),
  );
  app.get(
    '/API/api/Device/GetUnknownDevices',
    { config: manage, schema: { tags, querystring: UnknownQuery, response: { 200: UnknownListReply } } },
    async (req, reply) =>
      reply.ok(await svc.unknown(req.auth, (req.query.PageIndex - 1) * req.query.PageSize, req.query.PageSize)),
  );
  app.post(
    '/API/api/Monitor/GetMonitorList',
    {
      config: { fn: Fn.onlineMonitor },
      schema: { tags: ['monitor'], body: MonitorBody, response: { 200: MonitorListReply } },
    },
    async (req, reply) => {
      const b = req.body;
      return reply.ok(
        await svc.monitor(req.auth, {
          holdId: b.HoldID,
          deviceIds: b.DeviceIDs || undefined,
          status: b.Status ?? 'all',
          keyword: b.Keyword,
          vip: b.Vip,
        }),
      );
    },
  );
}
