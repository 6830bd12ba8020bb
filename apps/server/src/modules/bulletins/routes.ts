import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddNoticeBody,
  AddNoticeReply,
  BrandingReply,
  BulletinListBody,
  BulletinListReply,
  CurrentBulletinsReply,
  GetBrandingBody,
  MarkCurrentReadBody,
  ModifyNoticeBody,
  ModifyNoticeReply,
  MyBulletinListBody,
  MyBulletinListReply,
  RemoveNoticeBody,
  SetBrandingBody,
} from '@lodestar/contract/bulletins';
import { Empty } from '@lodestar/contract/common';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { BrandingService } from './branding-service.ts';
import type { BulletinService } from './service.ts';

const tags = ['bulletins'];
const manage = { fn: Fn.noticeManage };
/** Administrators who manage users or accounts brand their units. */
const brand = { fn: [Fn.userManage, Fn.accountManage, Fn.simAccounts] };

/** Notices (bulletins) and branding (docs/API.md "Notices, logs and branding"). Every user reads; 74 writes. */
export function bulletinRoutes(fastify: FastifyInstance, svc: BulletinService, branding: BrandingService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/API/api/Notice/AddNotice',
    { config: manage, schema: { tags, body: AddNoticeBody, response: { 200: AddNoticeReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    '/API/api/Notice/ModifyNotice',
    { config: manage, schema: { tags, body: ModifyNoticeBody, response: { 200: ModifyNoticeReply } } },
    async (req, reply) => reply.ok(await svc.modify(req.auth, req.body)),
  );
  app.post(
    '/API/api/Notice/RemoveNotice',
    { config: manage, schema: { tags, body: RemoveNoticeBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.BulletinIDs);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/Notice/GetBulletinList',
    { config: manage, schema: { tags, body: BulletinListBody, response: { 200: BulletinListReply } } },
    async (req, reply) => reply.ok(await svc.list(req.auth, req.body)),
  );
  app.post(
    '/API/api/Notice/GetCurrent',
    { schema: { tags, response: { 200: CurrentBulletinsReply } } },
    async (req, reply) => reply.ok(await svc.current(req.auth)),
  );
  app.post(
    '/API/api/Notice/GetMyBulletins',
    { schema: { tags, body: MyBulletinListBody, response: { 200: MyBulletinListReply } } },
    async (req, reply) => reply.ok(await svc.mine(req.auth, req.body)),
  );
  app.post(
    '/API/api/Notice/MarkCurrentRead',
    { schema: { tags, body: MarkCurrentReadBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.markRead(req.auth, req.body.VersionIDs);
      return reply.ok();
    },
  );
  app.post(
    '/API/api/User/GetBranding',
    { schema: { tags, body: GetBrandingBody, response: { 200: BrandingReply } } },
    async (req, reply) => reply.ok(await branding.get(req.auth, req.body)),
  );
  app.post(
    '/API/api/User/SetBranding',
    { config: brand, schema: { tags, body: SetBrandingBody, response: { 200: BrandingReply } } },
    async (req, reply) => reply.ok(await branding.set(req.auth, req.body)),
  );
}
