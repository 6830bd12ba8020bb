import type { OutboundBody, SimFilterInput } from '@lodestar/contract/sims';
import { type Language, SIM_RULES, SIM_STATES, SimState } from '@lodestar/domain';
import type { Type } from 'typebox';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { actionText, detailText, idsInDetails } from './history-text.ts';
import type { OutboundPick, OutboundRepository } from './outbound-repository.ts';
import type { SimFilter, SimListRow, SimPage, SimRepository } from './repository.ts';
import { exportFileName, simExportColumns } from './sim-export.ts';

export type SimRowOut = ReturnType<typeof toSimRow>;

/** The caller's calendar date: display states turn over at the caller's midnight. */
export const todayIn = (timeZone: string) => formatInZone(new Date(), timeZone).slice(0, 10);

function toSimRow(r: SimListRow, deviceId: string, pendingWorkId: number | null, timeZone: string) {
  return {
    SimID: r.id,
    ICCID: r.iccid,
    MSISDN: r.msisdn,
    IMSI: r.imsi,
    OperatorID: r.operatorId,
    OperatorName: r.operatorName,
    CardTypeID: r.cardTypeId,
    CardTypeName: r.cardTypeName ?? '',
    PackageID: r.packageId,
    PackageName: r.packageName ?? '',
    SupplierID: r.supplierId,
    SupplierName: r.supplierName,
    HoldID: r.holdId,
    HoldName: r.holdName,
    State: r.state,
    DisplayState: r.displayState,
    ActivatedOn: r.activatedOn,
    ExpiresOn: r.expiresOn,
    BalanceFen: r.balanceFen,
    DataUsedMB: r.dataUsedMb,
    LockType: r.lockType,
    LockedIMEI: r.lockedImei,
    DeviceID: deviceId,
    Remark: r.remark,
    PendingWorkID: pendingWorkId,
    ShippedAt: r.shippedAt ? formatInZone(r.shippedAt, timeZone) : null,
    CreateTime: formatInZone(r.createdAt, timeZone),
  };
}

const EXPORT_PAGE = 2000;

/** SIM cards: list, detail, outbound, export and the home page's counts. */
export class SimService {
  constructor(
    private readonly sims: SimRepository,
    private readonly outbound: OutboundRepository,
    private readonly holds: HoldScope,
    private readonly exporter: Exporter,
  ) {}

  /** The filter with every id checked: an id out of reach answers like a missing one. */
  async filter(auth: AuthContext, f: SimFilterInput): Promise<SimFilter> {
    const scopePath = await this.holds.pathOf(auth, f.HoldID);
    const checks: ['supplier' | 'operator' | 'batch', number | undefined][] = [
      ['supplier', f.SupplierID],
      ['operator', f.OperatorID],
      ['batch', f.BatchID],
    ];
    for (const [kind, id] of checks)
      if (id && !(await this.sims.reachable(kind, id, auth.holdPath))) throw outsideHold();
    return {
      scopePath,
      onlyHoldId: f.HoldID && f.OnlyHold ? f.HoldID : undefined,
      iccid: f.ICCID || undefined,
      msisdn: f.MSISDN || undefined,
      state: f.State || undefined,
      displayState: f.DisplayState || undefined,
      supplierId: f.SupplierID,
      operatorId: f.OperatorID,
      expiresFrom: f.ExpiresFrom || undefined,
      expiresTo: f.ExpiresTo || undefined,
      batchId: f.BatchID,
      today: todayIn(auth.timeZone),
    };
  }

  static sort(f: SimFilterInput): Pick<SimPage, 'sort' | 'desc'> {
    const sort = f.SortColumn ?? 'CreateTime';
    return { sort, desc: (f.SortType || (f.SortColumn ? 'asc' : 'desc')) === 'desc' };
  }

  /** DeviceID and PendingWorkID for a page of rows, in two queries. */
  private async complete(auth: AuthContext, rows: SimListRow[]) {
    const [devices, pending] = await Promise.all([
      this.sims.devicesBySim(
        rows.map((r) => r.msisdn),
        auth.holdPath,
      ),
      this.sims.pendingWork(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => toSimRow(r, devices.get(r.msisdn) ?? '', pending.get(r.id) ?? null, auth.timeZone));
  }

  async list(auth: AuthContext, input: SimFilterInput & { PageIndex: number; PageSize: number }) {
    const filter = await this.filter(auth, input);
    const { rows, total } = await this.sims.list(filter, {
      offset: (input.PageIndex - 1) * input.PageSize,
      limit: input.PageSize,
      ...SimService.sort(input),
    });
    return { rows: await this.complete(auth, rows), total };
  }

  async detail(auth: AuthContext, lang: Language, simId: number) {
    const row = await this.sims.findInSubtree(simId, auth.holdPath, todayIn(auth.timeZone));
    if (!row) throw outsideHold();
    const [[sim], history] = await Promise.all([this.complete(auth, [row]), this.sims.history(simId)]);
    const ids = idsInDetails(history.map((h) => h.detail));
    const [holds, packages] = await Promise.all([
      this.sims.namesOf('holds', ids.holds),
      this.sims.namesOf('packages', ids.packages),
    ]);
    return {
      ...sim!,
      History: history.map((h) => ({
        Action: h.action,
        ActionText: actionText(h.action, lang),
        Detail: detailText(h.detail, lang, { holds, packages }),
        UserName: h.userName ?? '',
        WorkID: h.workId,
        CreateTime: formatInZone(h.createdAt, auth.timeZone),
      })),
    };
  }

  async ship(auth: AuthContext, body: Type.Static<typeof OutboundBody>): Promise<{ Count: number }> {
    const target = await this.holds.inReach(auth, body.HoldID);
    if (target.id === auth.holdId) throw badRequest('outboundOwnHold');
    const pick = outboundPick(body);
    return this.outbound.transaction(async (tx) => {
      const list = await tx.lockSims(pick, auth.holdPath);
      if ('ids' in pick ? list.length !== pick.ids.length : list.length === 0) throw outsideHold();
      if (list.length > SIM_RULES.outboundMax) throw badRequest('outboundTooMany', String(SIM_RULES.outboundMax));
      const busy = await tx.withOpenOrder(list.map((s) => s.id));
      const refuse = (key: Parameters<typeof badRequest>[0], bad: typeof list) => {
        if (bad.length) throw badRequest(key, iccidList(bad.map((s) => s.iccid)));
      };
      refuse(
        'outboundBusy',
        list.filter((s) => busy.has(s.id)),
      );
      refuse(
        'outboundCancelled',
        list.filter((s) => s.state === SimState.Cancelled),
      );
      refuse(
        'outboundAlreadyThere',
        list.filter((s) => s.holdId === target.id),
      );
      await tx.ship(list, {
        target: { id: target.id, name: target.name },
        userId: auth.userId,
        holdId: auth.holdId,
        ip: auth.ip,
        remark: body.Remark ?? '',
      });
      return { Count: list.length };
    });
  }

  async exportList(auth: AuthContext, lang: Language, input: SimFilterInput): Promise<{ FileID: number }> {
    const filter = await this.filter(auth, input);
    const order = SimService.sort(input);
    const total = await this.sims.count(filter);
    const sims = this.sims;
    const complete = (rows: SimListRow[]) => this.complete(auth, rows);
    const fileId = await this.exporter.start({
      userId: auth.userId,
      fileName: exportFileName(lang, auth.timeZone),
      sheetName: 'SIM',
      columns: simExportColumns(lang),
      total,
      async *pages() {
        for (let offset = 0; ; offset += EXPORT_PAGE) {
          const rows = await sims.page(filter, { ...order, offset, limit: EXPORT_PAGE });
          yield await complete(rows);
          if (rows.length < EXPORT_PAGE) return;
        }
      },
    });
    return { FileID: fileId };
  }

  async homeStats(auth: AuthContext) {
    const s = await this.sims.homeStats(auth.holdPath, todayIn(auth.timeZone));
    return {
      Total: s.total,
      ByState: SIM_STATES.map((state) => ({ State: state, Count: s.byState.get(state) ?? 0 })),
      ByOperator: s.byOperator.map((o) => ({ OperatorID: o.id, OperatorName: o.name, Count: o.n })),
      Expiring: s.expiring,
      Expired: s.expired,
      LowBalance: s.lowBalance,
      PendingWork: s.pendingWork,
    };
  }
}

function outboundPick(body: Type.Static<typeof OutboundBody>): OutboundPick {
  const hasRange = Boolean(body.ICCIDFrom || body.ICCIDTo);
  const ids = [...new Set(body.SimIDs ?? [])];
  if (ids.length && !hasRange) return { ids };
  if (ids.length || !hasRange) throw badRequest('outboundNoSims');
  const from = (body.ICCIDFrom ?? '').toUpperCase();
  const to = (body.ICCIDTo ?? '').toUpperCase();
  if (!from || from.length !== to.length || from > to) throw badRequest('outboundRange');
  return { from, to, max: SIM_RULES.outboundMax };
}

/** The first ICCIDs of a refusal: enough to find them, short enough for a toast. */
function iccidList(iccids: string[]): string {
  const shown = iccids.slice(0, 10).join(', ');
  return iccids.length > 10 ? `${shown} … (${iccids.length})` : shown;
}
