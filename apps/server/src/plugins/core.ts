import { ErrCode, type Language, ReplyCode, trimStrings } from '@lodestar/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { message, pickLanguage } from '../lib/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
  interface FastifyReply {
    ok(data?: unknown): FastifyReply;
  }
}

export const API_PREFIX = '/api/api/';
export const isApiUrl = (url: string) => url.slice(0, API_PREFIX.length).toLowerCase() === API_PREFIX;

function fieldOf(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return '';
  const missing = (v.params as { missingProperty?: string }).missingProperty;
  const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = missing ? (path ? `${path}.${missing}` : missing) : path || (err.validationContext ?? '');
  return `${field} ${missing ? 'is required' : (v.message ?? '')}`.trim();
}

/**
 * The reply contract (spec section 7/8): `{ code, msg, errCode, data }` on every answer,
 * messages in the caller's language, string fields of bodies trimmed, the appid checked.
 */
export const corePlugin = fp(async (app: FastifyInstance, opts: { appId: string }) => {
  app.decorateRequest('lang', 'zh');
  app.decorateReply('ok', function (this: FastifyReply, data: unknown = null) {
    return this.send({ code: ReplyCode.Ok, msg: message('ok', this.request.lang), errCode: ErrCode.None, data });
  });

  app.addHook('onRequest', async (req: FastifyRequest) => {
    const query = req.query as Record<string, unknown>;
    req.lang = pickLanguage(query.lang, req.headers['accept-language']);
    if (!isApiUrl(req.url)) return;
    if (query.appid !== opts.appId) throw new AppError(ReplyCode.BadRequest, ErrCode.UnknownApp, 'unknownApp');
    if (query.format !== undefined && query.format !== 'json')
      throw new AppError(ReplyCode.BadRequest, ErrCode.Validation, 'badFormat');
  });

  app.addHook('preValidation', async (req) => {
    if (req.body && typeof req.body === 'object') req.body = trimStrings(req.body);
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = req.lang ?? 'zh';
    // The route's response schema describes success; an error body is written as it is.
    reply.serializer(JSON.stringify);
    if (err instanceof AppError) {
      const msg = message(err.key, lang) + (err.detail ? `: ${err.detail}` : '');
      return reply.status(200).send({ code: err.code, msg, errCode: err.errCode, data: null });
    }
    if (err.validation) {
      return reply.status(200).send({
        code: ReplyCode.BadRequest,
        msg: `${message('invalidField', lang)}: ${fieldOf(err)}`,
        errCode: ErrCode.Validation,
        data: null,
      });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .status(200)
        .send({ code: ReplyCode.BadRequest, msg: err.message, errCode: ErrCode.Validation, data: null });
    }
    req.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ code: ReplyCode.ServerError, msg: message('internalError', lang), errCode: 0, data: null });
  });
});
