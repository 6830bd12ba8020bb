import type { InsuranceState } from '@lodestar/domain';
import type { Pool } from 'pg';
import { escapeLike } from '../../lib/like.ts';

export interface PolicyRecord {
  id: number;
  vehicleId: number;
  plate: string;
  holdId: number;
  holdName: string;
  holdPath: string;
  insurer: string;
  policyNo: string;
  policyType: string;
  premium: number;
  startDate: string;
  endDate: string;
  attachmentPath: string | null;
  attachmentName: string | null;
  attachmentType: string | null;
  remark: string;
  createdAt: Date;
}

export interface PolicyFields {
  vehicleId: number;
  insurer: string;
  policyNo: string;
  policyType: string;
  premium: number;
  startDate: string;
  endDate: string;
  remark: string;
}

export interface PolicyListQuery {
  holdPath: string;
  vehicleId?: number | undefined;
  keyword?: string | undefined;
  policyType?: string | undefined;
  state?: InsuranceState | undefined;
  /** The caller's today and today + the expiring window, YYYY-MM-DD. */
  today: string;
  soon: string;
  sort: 'end_date' | 'start_date' | 'premium' | 'plate';
  desc: boolean;
  offset: number;
  limit: number;
}

const SELECT = `SELECT p.id, p.vehicle_id AS "vehicleId", v.plate, v.hold_id AS "holdId", h.name AS "holdName",
       h.path AS "holdPath", p.insurer, p.policy_no AS "policyNo", p.policy_type AS "policyType", p.premium,
       p.start_date::text AS "startDate", p.end_date::text AS "endDate", p.attachment_path AS "attachmentPath",
       p.attachment_name AS "attachmentName", p.attachment_type AS "attachmentType", p.remark,
       p.created_at AS "createdAt"
  FROM insurance_policies p JOIN vehicles v ON v.id = p.vehicle_id JOIN holds h ON h.id = v.hold_id`;

/** States as SQL over the caller's today and the end of the expiring window (each a parameter once used). */
const STATE: Record<InsuranceState, (t: () => string, s: () => string) => string> = {
  expired: (t) => `p.end_date < ${t()}`,
  expiring: (t, s) => `p.end_date >= ${t()} AND p.end_date <= ${s()}`,
  pending: (t, s) => `p.start_date > ${t()} AND p.end_date > ${s()}`,
  active: (t, s) => `p.start_date <= ${t()} AND p.end_date > ${s()}`,
};

/** Vehicle insurance policies, scoped by their vehicle's unit. SQL only. */
export class PolicyRepository {
  constructor(private readonly pool: Pool) {}

  async vehicle(id: number): Promise<{ id: number; plate: string; holdPath: string } | undefined> {
    const { rows } = await this.pool.query<{ id: number; plate: string; holdPath: string }>(
      'SELECT v.id, v.plate, h.path AS "holdPath" FROM vehicles v JOIN holds h ON h.id = v.hold_id WHERE v.id = $1',
      [id],
    );
    return rows[0];
  }

  /** Up to 20 vehicles of the subtree whose plate holds `keyword`, by plate. */
  async vehicleOptions(holdPath: string, keyword: string): Promise<{ id: number; plate: string; holdName: string }[]> {
    const { rows } = await this.pool.query<{ id: number; plate: string; holdName: string }>(
      `SELECT v.id, v.plate, h.name AS "holdName" FROM vehicles v JOIN holds h ON h.id = v.hold_id
        WHERE h.path LIKE $1 AND v.plate ILIKE $2 ORDER BY v.plate, v.id LIMIT 20`,
      [`${holdPath}%`, escapeLike(keyword)],
    );
    return rows;
  }

  async findMany(ids: number[]): Promise<PolicyRecord[]> {
    const { rows } = await this.pool.query<PolicyRecord>(`${SELECT} WHERE p.id = ANY($1::int[])`, [ids]);
    return rows;
  }

  /** Whether another policy (not `exceptId`) has this insurer and number. */
  async numberTaken(insurer: string, policyNo: string, exceptId = 0): Promise<boolean> {
    const { rows } = await this.pool.query(
      'SELECT 1 FROM insurance_policies WHERE insurer = $1 AND policy_no = $2 AND id <> $3',
      [insurer, policyNo, exceptId],
    );
    return rows.length > 0;
  }

  async insert(f: PolicyFields, createdBy: number): Promise<number> {
    const { rows } = await this.pool.query<{ id: number }>(
      `INSERT INTO insurance_policies (vehicle_id, insurer, policy_no, policy_type, premium, start_date, end_date,
                                       remark, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [f.vehicleId, f.insurer, f.policyNo, f.policyType, f.premium, f.startDate, f.endDate, f.remark, createdBy],
    );
    return rows[0]!.id;
  }

  async update(id: number, f: PolicyFields): Promise<void> {
    await this.pool.query(
      `UPDATE insurance_policies SET vehicle_id = $2, insurer = $3, policy_no = $4, policy_type = $5, premium = $6,
              start_date = $7, end_date = $8, remark = $9, updated_at = now() WHERE id = $1`,
      [id, f.vehicleId, f.insurer, f.policyNo, f.policyType, f.premium, f.startDate, f.endDate, f.remark],
    );
  }

  async setAttachment(id: number, a: { path: string; name: string; type: string }): Promise<void> {
    await this.pool.query(
      `UPDATE insurance_policies SET attachment_path = $2, attachment_name = $3, attachment_type = $4,
              updated_at = now() WHERE id = $1`,
      [id, a.path, a.name, a.type],
    );
  }

  async remove(ids: number[]): Promise<void> {
    await this.pool.query('DELETE FROM insurance_policies WHERE id = ANY($1::int[])', [ids]);
  }

  async list(q: PolicyListQuery): Promise<{ rows: PolicyRecord[]; total: number }> {
    const params: unknown[] = [`${q.holdPath}%`];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const conds = ['h.path LIKE $1'];
    if (q.vehicleId) conds.push(`p.vehicle_id = ${add(q.vehicleId)}`);
    const keyword = q.keyword?.trim();
    if (keyword) {
      const k = add(escapeLike(keyword));
      conds.push(`(v.plate ILIKE ${k} OR p.policy_no ILIKE ${k} OR p.insurer ILIKE ${k})`);
    }
    if (q.policyType) conds.push(`p.policy_type = ${add(q.policyType)}`);
    if (q.state) {
      const [today, soon] = [q.today, q.soon];
      conds.push(
        STATE[q.state](
          () => `${add(today)}::date`,
          () => `${add(soon)}::date`,
        ),
      );
    }
    const where = conds.join(' AND ');
    const filterParams = [...params];
    const order = `${q.sort === 'plate' ? 'v.plate' : `p.${q.sort}`} ${q.desc ? 'DESC' : 'ASC'}, p.id ${q.desc ? 'DESC' : 'ASC'}`;
    const page = `LIMIT ${add(q.limit)} OFFSET ${add(q.offset)}`;
    const [rows, total] = await Promise.all([
      this.pool.query<PolicyRecord>(`${SELECT} WHERE ${where} ORDER BY ${order} ${page}`, params),
      this.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM insurance_policies p JOIN vehicles v ON v.id = p.vehicle_id
           JOIN holds h ON h.id = v.hold_id WHERE ${where}`,
        filterParams,
      ),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  /**
   * For the daily bell: per user holding function 84 whose unit is the policy's vehicle's unit or above it, how many
   * policies end between `today` and `soon`, and how many ended on the days since `since` (so each is told once).
   */
  async expiryCounts(today: string, soon: string): Promise<{ userId: number; expiring: number; expired: number }[]> {
    const { rows } = await this.pool.query<{ user_id: number; expiring: number; expired: number }>(
      `SELECT u.id AS user_id,
              count(*) FILTER (WHERE p.end_date >= $1::date AND p.end_date <= $2::date)::int AS expiring,
              count(*) FILTER (WHERE p.end_date < $1::date AND p.end_date >= $1::date - 1)::int AS expired
         FROM insurance_policies p
         JOIN vehicles v ON v.id = p.vehicle_id
         JOIN holds vh ON vh.id = v.hold_id
         JOIN holds uh ON vh.path LIKE uh.path || '%'
         JOIN users u ON u.hold_id = uh.id
         JOIN user_functions f ON f.user_id = u.id AND f.function_id = 84
        WHERE p.end_date >= $1::date - 1 AND p.end_date <= $2::date
        GROUP BY u.id`,
      [today, soon],
    );
    return rows.map((r) => ({ userId: r.user_id, expiring: r.expiring, expired: r.expired }));
  }
}
