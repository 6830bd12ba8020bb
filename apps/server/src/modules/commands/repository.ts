import { commands, type Db } from '@lodestar/db';
import { desc, eq } from 'drizzle-orm';

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
      .select()
      .from(commands)
      .where(eq(commands.devicePk, devicePk))
      .orderBy(desc(commands.id))
      .limit(limit);
  }
}
