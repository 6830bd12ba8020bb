import multipart from '@fastify/multipart';
import { UploadPhotoFields, UploadPhotoReply } from '@lodestar/contract/install';
import { Fn, INSTALL_PHOTO } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { Compile } from 'typebox/compile';
import { badRequest } from '../../lib/errors.ts';
import type { WorkService } from './work-service.ts';

const fieldsCheck = Compile(UploadPhotoFields);
const NUMERIC = new Set(['TaskID', 'Position']);

/**
 * Task/UploadPhoto: multipart in this scope only, so every other route keeps parsing JSON. The size limit
 * truncates the stream a byte past the rule (5 MB), so a larger file is never held whole.
 */
export async function installUploadRoute(fastify: FastifyInstance, work: WorkService) {
  await fastify.register(multipart, {
    limits: { fileSize: INSTALL_PHOTO.maxBytes, files: 2, fields: 3, fieldSize: 64 },
    throwFileSizeLimit: false,
  });
  fastify.post(
    '/API/api/Task/UploadPhoto',
    {
      config: { fn: Fn.workOrders },
      schema: { tags: ['install'], consumes: ['multipart/form-data'], response: { 200: UploadPhotoReply } },
    },
    async (req, reply) => {
      const fields: Record<string, string | number> = {};
      let file: Buffer | null = null;
      let thumb: Buffer | null = null;
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          const value = String(part.value).trim();
          // Form fields are text: the numbers the schema asks for are read as numbers, a DeviceID stays text.
          if (value !== '')
            fields[part.fieldname] = NUMERIC.has(part.fieldname) && /^\d+$/.test(value) ? Number(value) : value;
          continue;
        }
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw badRequest('installPhotoTooLarge', part.fieldname);
        if (part.fieldname === 'file') file = bytes;
        else if (part.fieldname === 'thumb') thumb = bytes;
      }
      if (!fieldsCheck.Check(fields)) {
        const first = [...fieldsCheck.Errors(fields)][0];
        const named = first?.instancePath.replace(/^\//, '') || 'TaskID';
        throw badRequest('invalidField', named);
      }
      if (!file) throw badRequest('installFileRequired', 'file');
      return reply.ok(await work.addPhoto(req.auth, fieldsCheck.Decode(fields), file, thumb));
    },
  );
}
