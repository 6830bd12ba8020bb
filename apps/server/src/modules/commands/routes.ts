import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { forbidden } from '../../lib/errors.ts';
import { ReplyOf } from '../../lib/schemas.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone } from '../../lib/time.ts';
import type { DeviceRepository } from '../devices/repository.ts';
import type { CommandRepository } from './repository.ts';

const DeviceID = Type.String({ pattern: '^[0-9A-Za-z]{4,32}$' });
const SendBody = Type.Object({
  DeviceID,
  Type: Type.Union(
    ['engineStop', 'engineResume', 'arm', 'disarm', 'text', 'setParameters', 'photo', 'custom'].map((t) =>
      Type.Literal(t),
    ),
  ),
  Text: Type.Optional(Type.String({ maxLength: 500, description: 'for text and custom commands' })),
  Params: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'for setParameters' }),
  ),
});
const ListBody = Type.Object({ DeviceID });
const IMMOBILISER_TYPES: ReadonlySet<string> = new Set(['engineStop', 'engineResume']);
const CommandRow = Type.Object({
  CommandID: Type.Integer(),
  Type: Type.String(),
  Status: Type.String({ description: 'pending, sent, acknowledged, failed, timedOut' }),
  Result: Type.Union([Type.String(), Type.Null()]),
  CreateTime: Type.String(),
  SentTime: Type.Union([Type.String(), Type.Null()]),
  DoneTime: Type.Union([Type.String(), Type.Null()]),
});

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
        body: SendBody,
        response: { 200: ReplyOf(Type.Object({ CommandID: Type.Integer() })) },
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
      schema: { tags: ['commands'], body: ListBody, response: { 200: ReplyOf(Type.Array(CommandRow)) } },
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
