import { type Db, downloads } from '@lodestar/db';
import { and, count, desc, eq } from 'drizzle-orm';

export type DownloadRow = typeof downloads.$inferSelect;

export const DownloadStatus = { Preparing: 0, Ready: 1, Failed: 2 } as const;

/** The download centre's entries: one per export, owned by the user who asked for it. */
export class DownloadRepository {
  constructor(private readonly db: Db) {}

  /** A new entry, Preparing. */
  async insert(userId: number, fileName: string): Promise<number> {
    const [row] = await this.db
      .insert(downloads)
      .values({ userId, fileName, status: DownloadStatus.Preparing })
      .returning({ id: downloads.id });
    return row!.id;
  }

  async setProgress(id: number, progress: number): Promise<void> {
    await this.db.update(downloads).set({ progress }).where(eq(downloads.id, id));
  }

  async markReady(id: number, size: number, storagePath: string): Promise<void> {
    await this.db
      .update(downloads)
      .set({ status: DownloadStatus.Ready, progress: 100, size, storagePath })
      .where(eq(downloads.id, id));
  }

  async markFailed(id: number): Promise<void> {
    await this.db.update(downloads).set({ status: DownloadStatus.Failed }).where(eq(downloads.id, id));
  }

  /** A user's entries, newest first, and how many there are. */
  async pageOf(userId: number, offset: number, limit: number): Promise<{ rows: DownloadRow[]; total: number }> {
    const where = eq(downloads.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(downloads).where(where).orderBy(desc(downloads.createdAt)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(downloads).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** The entry if it is this user's: another user's id answers like a missing one. */
  async findOwn(id: number, userId: number): Promise<DownloadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(downloads)
      .where(and(eq(downloads.id, id), eq(downloads.userId, userId)));
    return row;
  }
}
