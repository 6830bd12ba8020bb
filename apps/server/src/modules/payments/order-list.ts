import { type Db, holds, paymentOrders, users } from '@lodestar/db';
import { Fn, PayKind, PayStatus } from '@lodestar/domain';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { ownedInSubtree } from '../../lib/catalogue-scope.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { HoldRepository } from '../holds/repository.ts';
import type { OrderRow } from './service.ts';
import type { OrderView } from './types.ts';

/** Payment/GetPayOrderList (the payment-order report, and the renewal and SMS pages' own orders). */
export interface PayOrderListInput {
  PageIndex: number;
  PageSize: number;
  SortColumn?: 'CreateTime' | 'AmountFen' | 'PaidTime' | undefined;
  SortType?: 'asc' | 'desc' | '' | undefined;
  Kind?: number | undefined;
  Method?: number | undefined;
  Status?: number | undefined;
  OrderNo?: string | undefined;
  HoldID?: number | undefined;
  StartTime?: string | undefined;
  EndTime?: string | undefined;
}

const escapeLike = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The function that pays for each kind (renewal on /recharge, SMS packs on manage/msg). */
export const KIND_FN: Record<number, number> = {
  [PayKind.Renewal]: Fn.simRecharge,
  [PayKind.SmsPack]: Fn.simSmsPayment,
};

/** Which kinds the caller's list shows (docs/SIM-API-2.md: with 4 only 1, with 12 only 2). */
export function kindsFor(auth: AuthContext, asked: number | undefined): number[] {
  const allowed = auth.funs.has(Fn.simPayOrders)
    ? [PayKind.Renewal, PayKind.SmsPack]
    : [PayKind.Renewal, PayKind.SmsPack].filter((k) => auth.funs.has(KIND_FN[k]!));
  if (asked && allowed.includes(asked)) return [asked];
  return allowed;
}

async function listConditions(holdRepo: HoldRepository, auth: AuthContext, f: PayOrderListInput): Promise<SQL> {
  let scope = auth.holdPath;
  if (f.HoldID) {
    const hold = await holdRepo.findById(f.HoldID);
    assertInSubtree(auth.holdPath, hold);
    scope = hold!.path;
  }
  const kinds = kindsFor(auth, f.Kind);
  if (!kinds.length) throw forbidden();
  const conds: SQL[] = [ownedInSubtree(paymentOrders.holdId, scope), inArray(paymentOrders.kind, kinds)];
  if (f.Method) conds.push(eq(paymentOrders.method, f.Method));
  if (f.Status !== undefined && f.Status >= 0) conds.push(eq(paymentOrders.status, f.Status));
  if (f.OrderNo) conds.push(ilike(paymentOrders.orderNo, escapeLike(f.OrderNo)));
  for (const [text, op, name] of [
    [f.StartTime, gte, 'StartTime'],
    [f.EndTime, lte, 'EndTime'],
  ] as const) {
    if (!text) continue;
    const at = parseInZone(text, auth.timeZone);
    if (!at) throw badRequest('invalidField', `${name} ${text}`);
    conds.push(op(paymentOrders.createdAt, at));
  }
  return and(...conds)!;
}

export async function listPayOrders(
  db: Db,
  holdRepo: HoldRepository,
  auth: AuthContext,
  f: PayOrderListInput,
  view: (row: OrderRow) => OrderView,
) {
  const where = await listConditions(holdRepo, auth, f);
  const column = {
    CreateTime: paymentOrders.createdAt,
    AmountFen: paymentOrders.amountFen,
    PaidTime: paymentOrders.paidAt,
  }[f.SortColumn ?? 'CreateTime'];
  const isDesc = (f.SortType || (f.SortColumn ? 'asc' : 'desc')) === 'desc';
  const [rows, [totals]] = await Promise.all([
    db
      .select({ order: paymentOrders, holdName: holds.name, userName: users.userName })
      .from(paymentOrders)
      .innerJoin(holds, eq(holds.id, paymentOrders.holdId))
      .leftJoin(users, eq(users.id, paymentOrders.userId))
      .where(where)
      .orderBy(
        isDesc ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`,
        isDesc ? desc(paymentOrders.id) : asc(paymentOrders.id),
      )
      .limit(f.PageSize)
      .offset((f.PageIndex - 1) * f.PageSize),
    db
      .select({
        Count: count(),
        AmountFen: sql<number>`coalesce(sum(${paymentOrders.amountFen}), 0)::int`,
        PaidCount: sql<number>`(count(*) FILTER (WHERE ${paymentOrders.status} = ${PayStatus.Paid}))::int`,
        PaidFen: sql<number>`coalesce(sum(${paymentOrders.amountFen}) FILTER (WHERE ${paymentOrders.status} = ${PayStatus.Paid}), 0)::int`,
      })
      .from(paymentOrders)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...view(r.order),
      HoldName: r.holdName,
      UserName: r.userName ?? '',
    })),
    total: totals!.Count,
    Totals: totals!,
  };
}
