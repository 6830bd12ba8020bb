import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FileIdReply } from '@lodestar/contract/common';
import { HistoryExportBody, PositionBody, PositionReply, TrackBody, TrackReply } from '@lodestar/contract/history';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { sendCompactTrack, sendJsonText } from './json-reply.ts';
import type { HistoryService } from './service.ts';

const tags = ['history'];
const playback = { fn: [Fn.playback, Fn.trackQuery] };

/** History playback (issue #16): the track in either form, one point's record, the period's export. */
export function historyRoutes(fastify: FastifyInstance, svc: HistoryService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // The reply is written by sendJsonText (the schema documents it; the serializer never walks 259,200 points).
  app.post(
    '/API/api/History/GetTrack',
    { config: playback, schema: { tags, body: TrackBody, response: { 200: TrackReply } } },
    async (req, reply) => {
      const b = req.body;
      const track = await svc.track(req.auth, b.DeviceID, b.StartTime, b.EndTime, b.Format ?? 'objects');
      return track.format === 'compact'
        ? sendCompactTrack(req, reply, track.pieces)
        : sendJsonText(req, reply, JSON.stringify(track.points));
    },
  );
  app.post(
    '/API/api/History/GetPosition',
    { config: playback, schema: { tags, body: PositionBody, response: { 200: PositionReply } } },
    async (req, reply) => reply.ok(await svc.position(req.auth, req.body.DeviceID, req.body.GpsTime)),
  );
  // Playback's function and the export function (44, checked by the service).
  app.post(
    '/API/api/History/Export',
    { config: playback, schema: { tags, body: HistoryExportBody, response: { 200: FileIdReply } } },
    async (req, reply) => reply.ok(await svc.export(req.auth, req.lang, req.body)),
  );
}
