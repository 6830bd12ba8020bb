import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Empty } from '@lodestar/contract/common';
import {
  AddUserBody,
  AddUserReply,
  ChangePasswordBody,
  ModifyUserBody,
  ProfileReply,
  ResetPasswordBody,
  SetFunsBody,
  SettingsBody,
  UserExportBody,
  UserIdBody,
  UserListBody,
  UserListReply,
} from '@lodestar/contract/users';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import type { Type } from 'typebox';
import type { Exporter } from '../../lib/exporter.ts';
import { listExportRoute } from '../../lib/list-export.ts';
import { registerMessages } from '../../lib/messages.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { USERS_MESSAGES } from './messages.ts';
import type { UserService } from './service.ts';
import { USER_COLUMNS, USER_EXPORT_NAME } from './user-export.ts';

/** Managing users: the GPS console's user page (68) or the SIM console's accounts (15). */
const manage = { fn: [Fn.userManage, Fn.simAccounts] };
const tags = ['users'];

/** GetUserList and ExportUserList read the same page. */
function listPage(
  svc: UserService,
  auth: AuthContext,
  b: Type.Static<typeof UserExportBody>,
  index: number,
  size: number,
) {
  return svc.list(auth, {
    holdId: b.HoldID,
    keyword: b.Keyword || undefined,
    offset: (index - 1) * size,
    limit: size,
    sort: (b.SortColumn ?? 'CreateTime') as 'CreateTime',
    desc: (b.SortType ?? (b.SortColumn ? 'asc' : 'desc')) === 'desc',
  });
}

export function userRoutes(fastify: FastifyInstance, svc: UserService, exporter: Exporter) {
  registerMessages(USERS_MESSAGES);
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/API/api/User';

  app.post(
    `${base}/GetUserList`,
    { config: manage, schema: { tags, body: UserListBody, response: { 200: UserListReply } } },
    async (req, reply) => reply.ok(await listPage(svc, req.auth, req.body, req.body.PageIndex, req.body.PageSize)),
  );
  listExportRoute(
    app,
    exporter,
    `${base}/ExportUserList`,
    { config: manage, schema: { tags, body: UserExportBody } },
    (req) => ({
      name: USER_EXPORT_NAME,
      columns: USER_COLUMNS,
      page: (index, size) => listPage(svc, req.auth, req.body, index, size),
    }),
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
