import type { PayOrderListInput } from '@lodestar/contract/payments';
import { Fn, PayKind } from '@lodestar/domain';
import { forbidden } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { PayOrderQuery } from './repository.ts';

/** Payment/GetPayOrderList (the payment-order report, and the renewal and SMS pages' own orders). */
export type { PayOrderListInput };

/** The function that pays for each kind (renewal on /recharge, SMS packs on manage/msg). */
export const KIND_FN: Record<number, number> = {
  [PayKind.Renewal]: Fn.simRecharge,
  [PayKind.SmsPack]: Fn.simSmsPayment,
  [PayKind.WalletTopUp]: Fn.topUp,
};

/** Which kinds the caller's list shows (docs/SIM-API-2.md: with 4 only 1, with 12 only 2, with 63 only 3). */
export function kindsFor(auth: AuthContext, asked: number | undefined): number[] {
  const allowed = auth.funs.has(Fn.simPayOrders)
    ? [PayKind.Renewal, PayKind.SmsPack, PayKind.WalletTopUp]
    : [PayKind.Renewal, PayKind.SmsPack, PayKind.WalletTopUp].filter((k) => auth.funs.has(KIND_FN[k]!));
  if (asked && allowed.includes(asked)) return [asked];
  return allowed;
}

/** The list call's filter as a repository query: the HoldID, kinds and times checked against the caller. */
export async function payOrderQuery(holds: HoldScope, auth: AuthContext, f: PayOrderListInput): Promise<PayOrderQuery> {
  const scopePath = await holds.pathOf(auth, f.HoldID);
  const kinds = kindsFor(auth, f.Kind);
  if (!kinds.length) throw forbidden();
  return {
    scopePath,
    kinds,
    method: f.Method || undefined,
    status: f.Status !== undefined && f.Status >= 0 ? f.Status : undefined,
    orderNo: f.OrderNo || undefined,
    ...parseTimeRange(f, auth.timeZone),
    sort: f.SortColumn ?? 'CreateTime',
    desc: (f.SortType || (f.SortColumn ? 'asc' : 'desc')) === 'desc',
    offset: (f.PageIndex - 1) * f.PageSize,
    limit: f.PageSize,
  };
}
