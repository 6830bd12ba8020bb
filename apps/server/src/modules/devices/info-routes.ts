import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddDeviceBody,
  DeviceDetailReply,
  DeviceExportBody,
  DeviceIdBody,
  DeviceIdReply,
  DeviceInfoListReply,
  DeviceListBody,
  ModifyDeviceBody,
  PhotoQuery,
} from '@lodestar/contract/devices';
import { Fn, PERSON_PHOTO_MAX_BYTES } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { DEVICE_COLUMNS, DEVICE_EXPORT_NAME } from './device-export.ts';
import type { DeviceInfoService } from './info-service.ts';

const manage = { fn: Fn.deviceManage };
const tags = ['devices'];

/** The device register of /info/device (function 70): add, modify, remove, list, export, a person's photo. */
export async function deviceInfoRoutes(fastify: FastifyInstance, svc: DeviceInfoService, exporter: Exporter) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Device/AddDevice',
    { config: manage, schema: { tags, body: AddDeviceBody, response: { 200: DeviceIdReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/Device/ModifyDevice',
    { config: manage, schema: { tags, body: ModifyDeviceBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Device/RemoveDevice',
    { config: manage, schema: { tags, body: DeviceIdBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.DeviceID);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Device/GetDeviceList',
    { config: manage, schema: { tags, body: DeviceListBody, response: { 200: DeviceInfoListReply } } },
    async (req, reply) => {
      const b = req.body;
      return reply.ok(await svc.list(req.auth, b, (b.PageIndex - 1) * b.PageSize, b.PageSize));
    },
  );
  app.post(
    '/API/api/Device/GetDevice',
    { config: manage, schema: { tags, body: DeviceIdBody, response: { 200: DeviceDetailReply } } },
    async (req, reply) => reply.ok(await svc.get(req.auth, req.body.DeviceID)),
  );
  listExportRoute(
    app,
    exporter,
    '/API/api/Device/ExportDevices',
    { config: manage, schema: { tags, body: DeviceExportBody } },
    (req) => ({
      name: DEVICE_EXPORT_NAME,
      columns: DEVICE_COLUMNS,
      page: (index, size) => svc.list(req.auth, req.body, (index - 1) * size, size),
    }),
  );
  app.get(
    '/API/api/Device/GetPhoto',
    { config: manage, schema: { tags, querystring: PhotoQuery } },
    async (req, reply) => {
      const photo = await svc.photo(req.auth, req.query.DeviceID);
      return reply.header('cache-control', 'private, no-cache').type(photo.type).send(createReadStream(photo.path));
    },
  );
  await app.register(photoRoute, svc);
}

/** Multipart in this scope only, so every other route keeps parsing JSON; the size limit truncates the stream. */
async function photoRoute(fastify: FastifyInstance, svc: DeviceInfoService) {
  await fastify.register(multipart, {
    limits: { fileSize: PERSON_PHOTO_MAX_BYTES, files: 1, fields: 2 },
    throwFileSizeLimit: false,
  });
  fastify.withTypeProvider<TypeBoxTypeProvider>().post(
    '/API/api/Device/UploadPhoto',
    {
      config: manage,
      schema: { tags, querystring: PhotoQuery, consumes: ['multipart/form-data'], response: { 200: Empty } },
    },
    async (req, reply) => {
      const file = await req.file().catch(() => undefined);
      if (file?.fieldname !== 'file') {
        file?.file.resume();
        throw badRequest('invalidField', 'file is required');
      }
      const bytes = await file.toBuffer();
      if (file.file.truncated) throw badRequest('photoTooLarge', String(PERSON_PHOTO_MAX_BYTES / 1024 / 1024));
      await svc.uploadPhoto(req.auth, req.query.DeviceID, bytes);
      return reply.ok();
    },
  );
}
