import { ErrCode, type Language, LIMITS, ReplyCode, trimStrings } from '@lodestar/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AcceptsBlank, dropBlankOptionals } from '../lib/blank-fields.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { boundIntegers } from '../lib/integer-range.ts';
import { fieldWithNul, nestedDeeperThan } from '../lib/json-input.ts';
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

/** Per property schema: whether it accepts '' (compiled once with the route's own validator). */
const blankAccepted = new WeakMap<object, boolean>();

function blankCheck(req: FastifyRequest, part: 'body' | 'querystring'): AcceptsBlank {
  return (schema) => {
    let ok = blankAccepted.get(schema);
    if (ok === undefined) {
      ok = req.compileValidationSchema({ type: 'object', properties: { v: schema } }, part)({ v: '' }) === true;
      blankAccepted.set(schema, ok);
    }
    return ok;
  };
}

/**
 * The reply contract (spec section 7/8): `{ code, msg, errCode, data }` on every answer,
 * messages in the caller's language, string fields of bodies trimmed, the appid checked. Requests
 * are read the way the spec's consoles send them: an empty JSON body is `{}`, and an optional field
 * given '' is not given (lib/blank-fields.ts).
 */
export const corePlugin = fp(async (app: FastifyInstance, opts: { appId: string }) => {
  app.decorateRequest('lang', 'zh');
  app.decorateReply('ok', function (this: FastifyReply, data: unknown = null) {
    return this.send({ code: ReplyCode.Ok, msg: message('ok', this.request.lang), errCode: ErrCode.None, data });
  });

  // Before Fastify compiles a route's schemas: integers with no bound of their own get the database's range.
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    for (const part of ['body', 'querystring', 'params'] as const) boundIntegers(schema?.[part]);
  });

  app.addHook('onRequest', async (req: FastifyRequest) => {
    const query = req.query as Record<string, unknown>;
    req.lang = pickLanguage(query.lang, req.headers['accept-language']);
    if (!isApiUrl(req.url)) return;
    if (query.appid !== opts.appId) throw new AppError(ReplyCode.BadRequest, ErrCode.UnknownApp, 'unknownApp');
    if (query.format !== undefined && query.format !== 'json')
      throw new AppError(ReplyCode.BadRequest, ErrCode.Validation, 'badFormat');
  });

  // Spec section 7 sends its calls without a payload as `Content-Type: application/json` and no body.
  // Depth is checked on the text: parsing, trimming and validating a 100,000-level body would each
  // recurse through it (and hold the event loop meanwhile).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') done(null, {});
    else if (nestedDeeperThan(text, LIMITS.jsonDepthMax)) done(badRequest('jsonTooDeep', 'body'));
    else parseJson(req, text, done);
  });

  app.addHook('preValidation', async (req) => {
    const schema = req.routeOptions.schema as { body?: { type?: string }; querystring?: object } | undefined;
    if (req.body === undefined && schema?.body?.type === 'object') req.body = {};
    if (req.body && typeof req.body === 'object') {
      req.body = trimStrings(req.body);
      dropBlankOptionals(schema?.body, req.body, blankCheck(req, 'body'));
    }
    dropBlankOptionals(schema?.querystring, req.query, blankCheck(req, 'querystring'));
    // PostgreSQL text cannot hold U+0000: refused here, naming the field, before any query fails on it.
    const nul = fieldWithNul(req.body) ?? fieldWithNul(req.query) ?? fieldWithNul(req.params);
    if (nul) throw badRequest('nulCharacter', nul);
  });

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = req.lang ?? 'zh';
    // The route's response schema describes success; an error body is written as it is.
    reply.serializer(JSON.stringify);
    if (err instanceof AppError) {
      const msg = [err, ...err.also].map((r) => message(r.key, lang) + (r.detail ? `: ${r.detail}` : '')).join('; ');
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
