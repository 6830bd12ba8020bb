import { type Db, holds, operationLogs, sims, workOrders } from '@lodestar/db';
import { CheckStatus, SimState } from '@lodestar/domain';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { ownedInSubtree } from '../../lib/hold-scope-repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutboundSim {
  id: number;
  iccid: string;
  holdId: number;
  holdName: string;
  state: number;
}

/** The SIMs an outbound picks: by ids or by an inclusive ICCID range of one length. */
export type OutboundPick = { ids: number[] } | { from: string; to: string; max: number };

export interface OutboundWrite {
  target: { id: number; name: string };
  userId: number;
  holdId: number;
  ip: string;
  remark: string;
}

/** Outbound runs in one transaction: the SIMs are locked, checked by the service, then moved. */
export class OutboundRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (tx: OutboundTx) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new OutboundTx(tx)));
  }
}

export class OutboundTx {
  constructor(private readonly tx: Tx) {}

  /**
   * The caller's SIMs picked, row-locked in id order so an outbound and a work order on the same
   * cards queue instead of both passing their checks. A range stops at max + 1 rows.
   */
  lockSims(pick: OutboundPick, holdPath: string): Promise<OutboundSim[]> {
    const scope = ownedInSubtree(sims.holdId, holdPath);
    const where =
      'ids' in pick
        ? and(inArray(sims.id, pick.ids), scope)
        : and(
            gte(sims.iccid, pick.from),
            lte(sims.iccid, pick.to),
            sql`length(${sims.iccid}) = ${pick.from.length}`,
            scope,
          );
    const q = this.tx
      .select({ id: sims.id, iccid: sims.iccid, holdId: sims.holdId, holdName: holds.name, state: sims.state })
      .from(sims)
      .innerJoin(holds, eq(holds.id, sims.holdId))
      .where(where)
      .orderBy(asc(sims.id))
      .for('update', { of: sims });
    return 'ids' in pick ? q : q.limit(pick.max + 1);
  }

  async withOpenOrder(simIds: number[]): Promise<Set<number>> {
    const rows = await this.tx
      .selectDistinct({ simId: workOrders.simId })
      .from(workOrders)
      .where(and(inArray(workOrders.simId, simIds), eq(workOrders.checkStatus, CheckStatus.UnderReview)));
    return new Set(rows.flatMap((r) => (r.simId === null ? [] : [r.simId])));
  }

  /** Moves the SIMs to the target; stock becomes Silent (shipped, waiting for first use). */
  async ship(list: OutboundSim[], w: OutboundWrite): Promise<void> {
    const ids = list.map((s) => s.id);
    await this.tx
      .update(sims)
      .set({
        holdId: w.target.id,
        shippedAt: sql`now()`,
        updatedAt: sql`now()`,
        state: sql`CASE WHEN ${sims.state} = ${SimState.InStock} THEN ${SimState.Silent} ELSE ${sims.state} END`,
      })
      .where(inArray(sims.id, ids));
    const details = list.map((s) =>
      JSON.stringify({
        holdId: [s.holdId, w.target.id],
        holdName: [s.holdName, w.target.name],
        ...(s.state === SimState.InStock ? { state: [s.state, SimState.Silent] } : {}),
        ...(w.remark ? { remark: w.remark } : {}),
      }),
    );
    await this.tx.execute(sql`
      INSERT INTO sim_history (sim_id, action, detail, user_id)
      SELECT u.id, 'outbound', u.detail, ${w.userId}
        FROM unnest(${sql.param(ids)}::int[], ${sql.param(details)}::jsonb[]) AS u(id, detail)`);
    await this.tx.insert(operationLogs).values({
      userId: w.userId,
      holdId: w.holdId,
      action: 'simOutbound',
      detail: `${list.length} → ${w.target.id} ${w.target.name}${w.remark ? ` (${w.remark})` : ''}`,
      ip: w.ip,
    });
  }
}
