import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CommandIdReply, CommandListBody, CommandListReply, SendCommandBody } from '@lodestar/contract/commands';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import type { CommandRepository } from './repository.ts';

const IMMOBILISER_TYPES: ReadonlySet<string> = new Set(['engineStop', 'engineResume']);
/**
 * Commands down to devices: queued here as pending, delivered by the gateway while the device is
 * connected. `notify` tells the gateway a device has something waiting.
 */
export function commandRoutes(
  fastify: FastifyInstance,
  deps: { commands: CommandRepository; devices: DeviceRepository; notify: (deviceId: string) => void },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Command/SendCommand',
    {
      config: { fn: Fn.sendCommand },
      schema: {
        tags: ['commands'],
        body: SendCommandBody,
        response: { 200: CommandIdReply },
      },
    },
    async (req, reply) => {
      // Cutting or restoring fuel/power is lock/unlock (function 83) whichever call queues it.
      if (IMMOBILISER_TYPES.has(req.body.Type) && !req.auth.funs.has(Fn.lockUnlock)) throw forbidden();
      const device = await deps.devices.findByDeviceId(req.body.DeviceID);
      assertInSubtree(req.auth.holdPath, device);
      const payload: Record<string, unknown> = {};
      if (req.body.Text !== undefined) payload.text = req.body.Text;
      if (req.body.Params !== undefined) payload.params = req.body.Params;
      const id = await deps.commands.insert({
        devicePk: device!.id,
        type: req.body.Type,
        payload,
        createdBy: req.auth.userId,
      });
      deps.notify(device!.deviceId);
      return reply.ok({ CommandID: id });
    },
  );
  app.post(
    '/API/api/Command/GetCommandList',
    {
      // Lock/unlock (83) follows its own commands to the device's acknowledgement too.
      config: { fn: [Fn.sendCommand, Fn.lockUnlock] },
      schema: { tags: ['commands'], body: CommandListBody, response: { 200: CommandListReply } },
    },
    async (req, reply) => {
      const device = await deps.devices.findByDeviceId(req.body.DeviceID);
      assertInSubtree(req.auth.holdPath, device);
      const tz = req.auth.timeZone;
      const fmt = (d: Date | null) => (d ? formatInZone(d, tz) : null);
      const rows = await deps.commands.listFor(device!.id, 100);
      return reply.ok(
        rows.map((c) => ({
          CommandID: c.id,
          Type: c.type,
          Status: c.status,
          Result: c.result,
          CreateTime: formatInZone(c.createdAt, tz),
          SentTime: fmt(c.sentAt),
          DoneTime: fmt(c.doneAt),
        })),
      );
    },
  );
}
