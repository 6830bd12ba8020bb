import { commands, type Db, users } from '@lodestar/db';
import { desc, eq, getTableColumns } from 'drizzle-orm';

export class CommandRepository {
  constructor(private readonly db: Db) {}

  async insert(c: {
    devicePk: number;
    type: string;
    payload: Record<string, unknown>;
    createdBy: number;
  }): Promise<number> {
    const [row] = await this.db.insert(commands).values(c).returning({ id: commands.id });
    return row!.id;
  }

  async listFor(devicePk: number, limit: number) {
    return this.db
      .select({ ...getTableColumns(commands), userName: users.userName })
      .from(commands)
      .leftJoin(users, eq(users.id, commands.createdBy))
      .where(eq(commands.devicePk, devicePk))
      .orderBy(desc(commands.id))
      .limit(limit);
  }
}
