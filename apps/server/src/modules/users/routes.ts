import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { Empty } from '../../lib/schemas.ts';
import {
  AddUserBody,
  AddUserReply,
  ChangePasswordBody,
  ModifyUserBody,
  ProfileReply,
  ResetPasswordBody,
  SetFunsBody,
  SettingsBody,
  UserIdBody,
  UserListBody,
  UserListReply,
} from './schemas.ts';
import type { UserService } from './service.ts';

/** Managing users: the GPS console's user page (68) or the SIM console's accounts (15). */
const manage = { fn: [Fn.userManage, Fn.simAccounts] };
const tags = ['users'];

export function userRoutes(fastify: FastifyInstance, svc: UserService) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/User';

  app.post(
    `${base}/GetUserList`,
    { config: manage, schema: { tags, body: UserListBody, response: { 200: UserListReply } } },
    async (req, reply) => {
      const b = req.body;
      return reply.ok(
        await svc.list(req.auth, {
          holdId: b.HoldID,
          keyword: b.Keyword || undefined,
          offset: (b.PageIndex - 1) * b.PageSize,
          limit: b.PageSize,
          sort: (b.SortColumn ?? 'CreateTime') as 'CreateTime',
          desc: (b.SortType ?? (b.SortColumn ? 'asc' : 'desc')) === 'desc',
        }),
      );
    },
  );
  app.post(
    `${base}/AddUser`,
    { config: manage, schema: { tags, body: AddUserBody, response: { 200: AddUserReply } } },
    async (req, reply) => reply.ok(await svc.add(req.auth, req.body)),
  );
  app.post(
    `${base}/ModifyUser`,
    { config: manage, schema: { tags, body: ModifyUserBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.modify(req.auth, req.body.UserID, req.body);
      return reply.ok();
    },
  );
  app.post(
    `${base}/RemoveUser`,
    { config: manage, schema: { tags, body: UserIdBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.remove(req.auth, req.body.UserID);
      return reply.ok();
    },
  );
  app.post(
    `${base}/SetUserFuns`,
    { config: manage, schema: { tags, body: SetFunsBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.setFunctions(req.auth, req.body.UserID, req.body.Funs);
      return reply.ok();
    },
  );
  app.post(
    `${base}/ResetPassword`,
    { config: manage, schema: { tags, body: ResetPasswordBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.resetPassword(req.auth, req.body.UserID, req.body.NewPass);
      return reply.ok();
    },
  );
  app.get(`${base}/GetUserInfo`, { schema: { tags, response: { 200: ProfileReply } } }, async (req, reply) =>
    reply.ok(await svc.profile(req.auth)),
  );
  app.post(
    `${base}/ChangePassword`,
    { schema: { tags, body: ChangePasswordBody, response: { 200: Empty } } },
    async (req, reply) => {
      await svc.changePassword(req.auth, req.body.OldPass, req.body.NewPass, req.body.ConfirmPass);
      return reply.ok();
    },
  );
  app.post(
    `${base}/SaveSettings`,
    { schema: { tags, body: SettingsBody, response: { 200: ProfileReply } } },
    async (req, reply) => reply.ok(await svc.saveSettings(req.auth, req.body)),
  );
}
