import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ConfigReply,
  LoginBody,
  RegisterBody,
  RegisterReply,
  RetrieveBody,
  SendCodeBody,
  SendCodeReply,
  SessionReply,
  SmsLoginBody,
} from '@lodestar/contract/account';
import { Empty } from '@lodestar/contract/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AccountService } from './service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? '' });
const tags = ['account'];

export function accountRoutes(fastify: FastifyInstance, svc: AccountService, config: Config) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/account';
  const pub = { public: true };

  app.get(`${base}/config`, { config: pub, schema: { tags, response: { 200: ConfigReply } } }, async (_req, reply) =>
    reply.ok({
      appTitle: config.appTitle,
      deviceAccessIp: config.deviceAccessHost,
      deviceAccessPort: config.deviceAccessPort,
      smsProvider: config.smsProvider,
      platform: config.platform,
      demo: config.demo,
      registration: config.registration,
      map: config.map,
    }),
  );

  app.post(
    `${base}/login`,
    { config: pub, schema: { tags, body: LoginBody, response: { 200: SessionReply } } },
    async (req, reply) => {
      const b = req.body;
      return reply.ok(await svc.login(b.Phone, b.UserPassword, meta(req)));
    },
  );

  app.post(
    `${base}/smslogin`,
    { config: pub, schema: { tags, body: SmsLoginBody, response: { 200: SessionReply } } },
    async (req, reply) => {
      const b = req.body;
      return reply.ok(await svc.smsLogin(b.Phone, b.SMSCode, meta(req)));
    },
  );

  app.post(
    `${base}/sendsmscode`,
    {
      config: pub,
      schema: {
        tags,
        body: SendCodeBody,
        response: { 200: SendCodeReply },
      },
    },
    async (req, reply) => {
      const b = req.body;
      return reply.ok(await svc.sendCode(b.Phone, b.Purpose, meta(req)));
    },
  );

  app.post(
    `${base}/retrievepassword`,
    { config: pub, schema: { tags, body: RetrieveBody, response: { 200: Empty } } },
    async (req, reply) => {
      const b = req.body;
      await svc.retrievePassword(b.Phone, b.SMSCode, b.NewPass, meta(req));
      return reply.ok();
    },
  );

  app.post(
    `${base}/register`,
    {
      config: pub,
      schema: { tags, body: RegisterBody, response: { 200: RegisterReply } },
    },
    async (req, reply) => reply.ok(await svc.register(req.body, meta(req))),
  );

  app.post(`${base}/logout`, { schema: { tags, response: { 200: Empty } } }, async (req, reply) => {
    await svc.logout(req.auth.sessionId);
    return reply.ok();
  });
}
