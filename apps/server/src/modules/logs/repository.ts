import { holds, operationLogs, users, visitorLogs } from '@lodestar/db';
import { and, asc, count, desc, eq, gte, ilike, isNull, like, lte, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../lib/like.ts';
import { OperationLogRepository } from '../../lib/operation-log-repository.ts';

export interface LogQuery {
  holdPath: string;
  /** Visitor lines of phones with no account belong to no hold; only the platform root sees them. */
  includeUnattributed?: boolean;
  from?: Date | undefined;
  to?: Date | undefined;
  keyword?: string | undefined;
  /** Oldest first; newest first otherwise. */
  ascending?: boolean;
  offset: number;
  limit: number;
}

/** The operation log's lines (written through OperationLogRepository) and the visitor log. */
export class LogRepository extends OperationLogRepository {
  async visitor(entry: {
    userId?: number | null;
    holdId?: number | null;
    phone: string;
    ip: string;
    userAgent: string;
    result: string;
  }) {
    await this.db.insert(visitorLogs).values(entry);
  }

  async listOperations(q: LogQuery) {
    const conds: SQL[] = [like(holds.path, `${q.holdPath}%`)];
    if (q.from) conds.push(gte(operationLogs.createdAt, q.from));
    if (q.to) conds.push(lte(operationLogs.createdAt, q.to));
    if (q.keyword)
      conds.push(
        or(
          ilike(operationLogs.action, escapeLike(q.keyword)),
          ilike(operationLogs.detail, escapeLike(q.keyword)),
          ilike(users.userName, escapeLike(q.keyword)),
        )!,
      );
    const where = and(...conds);
    const base = () =>
      this.db
        .select({
          id: operationLogs.id,
          userName: users.userName,
          holdName: holds.name,
          action: operationLogs.action,
          detail: operationLogs.detail,
          ip: operationLogs.ip,
          createdAt: operationLogs.createdAt,
        })
        .from(operationLogs)
        .innerJoin(holds, eq(holds.id, operationLogs.holdId))
        .leftJoin(users, eq(users.id, operationLogs.userId));
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(
          ...(q.ascending
            ? [asc(operationLogs.createdAt), asc(operationLogs.id)]
            : [desc(operationLogs.createdAt), desc(operationLogs.id)]),
        )
        .limit(q.limit)
        .offset(q.offset),
      this.db
        .select({ n: count() })
        .from(operationLogs)
        .innerJoin(holds, eq(holds.id, operationLogs.holdId))
        .leftJoin(users, eq(users.id, operationLogs.userId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async listVisitors(q: LogQuery) {
    const inTree = like(holds.path, `${q.holdPath}%`);
    const conds: SQL[] = [q.includeUnattributed ? or(inTree, isNull(visitorLogs.holdId))! : inTree];
    if (q.from) conds.push(gte(visitorLogs.createdAt, q.from));
    if (q.to) conds.push(lte(visitorLogs.createdAt, q.to));
    if (q.keyword)
      conds.push(or(ilike(visitorLogs.phone, escapeLike(q.keyword)), ilike(users.userName, escapeLike(q.keyword)))!);
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: visitorLogs.id,
          userName: users.userName,
          phone: visitorLogs.phone,
          ip: visitorLogs.ip,
          userAgent: visitorLogs.userAgent,
          result: visitorLogs.result,
          createdAt: visitorLogs.createdAt,
        })
        .from(visitorLogs)
        .leftJoin(holds, eq(holds.id, visitorLogs.holdId))
        .leftJoin(users, eq(users.id, visitorLogs.userId))
        .where(where)
        .orderBy(
          ...(q.ascending
            ? [asc(visitorLogs.createdAt), asc(visitorLogs.id)]
            : [desc(visitorLogs.createdAt), desc(visitorLogs.id)]),
        )
        .limit(q.limit)
        .offset(q.offset),
      this.db
        .select({ n: count() })
        .from(visitorLogs)
        .leftJoin(holds, eq(holds.id, visitorLogs.holdId))
        .leftJoin(users, eq(users.id, visitorLogs.userId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
