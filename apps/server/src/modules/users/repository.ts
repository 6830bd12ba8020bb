import { type Db, holds, userFunctions, users } from '@lodestar/db';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../lib/like.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export interface UserWithHold extends UserRow {
  holdName: string;
  holdPath: string;
}

export interface UserListQuery {
  holdPath: string;
  keyword?: string | undefined;
  offset: number;
  limit: number;
  sort: 'UserName' | 'Phone' | 'CreateTime' | 'HoldName' | 'AccountType';
  desc: boolean;
}

const SORT_COLUMNS = {
  UserName: users.userName,
  Phone: users.phone,
  CreateTime: users.createdAt,
  HoldName: holds.name,
  AccountType: users.accountType,
} as const;

const withHold = { ...getTableColumns(users), holdName: holds.name, holdPath: holds.path };

export class UserRepository {
  constructor(private readonly db: Db) {}

  async findByPhone(phone: string): Promise<UserWithHold | undefined> {
    const [row] = await this.db
      .select(withHold)
      .from(users)
      .innerJoin(holds, eq(holds.id, users.holdId))
      .where(eq(users.phone, phone));
    return row;
  }

  async findById(id: number): Promise<UserWithHold | undefined> {
    const [row] = await this.db
      .select(withHold)
      .from(users)
      .innerJoin(holds, eq(holds.id, users.holdId))
      .where(eq(users.id, id));
    return row;
  }

  async functionsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: userFunctions.functionId })
      .from(userFunctions)
      .where(eq(userFunctions.userId, userId))
      .orderBy(userFunctions.functionId);
    return rows.map((r) => r.id);
  }

  async functionsOfMany(userIds: number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(userIds.map((id) => [id, []]));
    if (!userIds.length) return out;
    const rows = await this.db
      .select()
      .from(userFunctions)
      .where(inArray(userFunctions.userId, userIds))
      .orderBy(userFunctions.functionId);
    for (const r of rows) out.get(r.userId)?.push(r.functionId);
    return out;
  }

  async list(q: UserListQuery): Promise<{ rows: UserWithHold[]; total: number }> {
    const conds: SQL[] = [like(holds.path, `${q.holdPath}%`)];
    if (q.keyword) {
      const k = escapeLike(q.keyword);
      conds.push(or(ilike(users.userName, k), ilike(users.phone, k), ilike(users.contact, k))!);
    }
    const where = and(...conds);
    const col = SORT_COLUMNS[q.sort];
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select(withHold)
        .from(users)
        .innerJoin(holds, eq(holds.id, users.holdId))
        .where(where)
        .orderBy(q.desc ? desc(col) : asc(col), asc(users.id))
        .limit(q.limit)
        .offset(q.offset),
      this.db.select({ n: count() }).from(users).innerJoin(holds, eq(holds.id, users.holdId)).where(where),
    ]);
    return { rows, total: totalRow?.n ?? 0 };
  }

  async insert(user: NewUser, funs: readonly number[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(user).returning({ id: users.id });
      if (funs.length)
        await tx.insert(userFunctions).values(funs.map((functionId) => ({ userId: row!.id, functionId })));
      return row!.id;
    });
  }

  async update(id: number, patch: Partial<NewUser>): Promise<void> {
    if (Object.keys(patch).length) await this.db.update(users).set(patch).where(eq(users.id, id));
  }

  async setFunctions(userId: number, funs: readonly number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(userFunctions).where(eq(userFunctions.userId, userId));
      if (funs.length) await tx.insert(userFunctions).values(funs.map((functionId) => ({ userId, functionId })));
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.delete(users).where(eq(users.id, id));
  }

  async countInHold(holdId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users).where(eq(users.holdId, holdId));
    return row?.n ?? 0;
  }
}
