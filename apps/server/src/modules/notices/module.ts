import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  MarkReadBody,
  MarkReadReply,
  NoticeListBody,
  NoticeListReply,
  UnreadCountReply,
} from '@lodestar/contract/notices';
import type { Db } from '@lodestar/db';
import { Fn } from '@lodestar/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone } from '../../lib/time.ts';
import type { ReviewService } from '../work-orders/review.ts';
import { type NoticeParams, renderNotice } from './render.ts';
import { NoticeRepository } from './repository.ts';
import { scheduleExpiryScan } from './scan.ts';
import type { NoticeSink } from './types.ts';

export interface NoticesDeps {
  db: Db;
  holds: HoldScope;
  review: ReviewService;
}

const tags = ['notices'];

/** User notices (/message, docs/SIM-API-2.md "Notices"): the sink other modules write to, the scan, the calls. */
export function registerNotices(fastify: FastifyInstance, deps: NoticesDeps): NoticeSink {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const repo = new NoticeRepository(deps.db);
  const sink: NoticeSink = { add: (tx, notices) => repo.add(tx, notices) };
  const base = '/API/api/Notice';

  // The applicant learns the decision on their work order, in the review's own transaction.
  deps.review.addHook(async (tx, _auth, decisions) => {
    await repo.add(
      tx,
      decisions
        .filter((d) => d.order.applicantId)
        .map((d) => ({
          userId: d.order.applicantId!,
          kind: 'workOrderDecided' as const,
          params: {
            WorkID: d.order.id,
            WorkType: d.order.workType,
            LockType: d.order.lockType,
            Approved: d.approved,
            ICCID: d.target,
            CheckText: d.order.checkText,
          },
          dedupeKey: `workOrder:${d.order.id}`,
        })),
    );
  });
  scheduleExpiryScan(fastify, repo);

  app.post(
    `${base}/GetNoticeList`,
    { config: { fn: Fn.simMessage }, schema: { tags, body: NoticeListBody, response: { 200: NoticeListReply } } },
    async (req, reply) => {
      const b = req.body;
      const { rows, total } = await repo.list(req.auth.userId, b.Read, (b.PageIndex - 1) * b.PageSize, b.PageSize);
      return reply.ok({
        rows: rows.map((r) => ({
          NoticeID: r.id,
          Kind: r.kind,
          ...renderNotice(r.kind, r.params as NoticeParams, req.lang),
          Read: r.readAt !== null,
          CreateTime: formatInZone(r.createdAt, req.auth.timeZone),
        })),
        total,
        Unread: await repo.unread(req.auth.userId),
      });
    },
  );
  app.post(`${base}/GetUnreadCount`, { schema: { tags, response: { 200: UnreadCountReply } } }, async (req, reply) =>
    reply.ok(await repo.unread(req.auth.userId)),
  );
  app.post(
    `${base}/MarkRead`,
    { schema: { tags, body: MarkReadBody, response: { 200: MarkReadReply } } },
    async (req, reply) => {
      const { NoticeIDs, All } = req.body;
      if (All) return reply.ok({ Count: await repo.markRead(req.auth.userId, 'all') });
      const ids = [...new Set(NoticeIDs ?? [])];
      if (!ids.length) throw badRequest('invalidField', 'NoticeIDs is required');
      // Another user's notice answers like a missing one.
      if ((await repo.countOwn(req.auth.userId, ids)) !== ids.length) throw outsideHold();
      return reply.ok({ Count: await repo.markRead(req.auth.userId, ids) });
    },
  );
  return sink;
}
