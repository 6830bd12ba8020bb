import { holdSettings, holds } from '@lodestar/db';
import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../lib/executor.ts';

export type HoldSettingsRecord = typeof holdSettings.$inferSelect;
export type HoldSettingsPatch = Partial<Pick<HoldSettingsRecord, 'title' | 'logoPng' | 'platform' | 'externalLink'>>;

/** Holds' own branding and platform setting (hold_settings). SQL only. */
export class BrandingRepository {
  constructor(private readonly db: Executor) {}

  transaction<T>(fn: (repo: BrandingRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new BrandingRepository(tx)));
  }

  async ofHolds(holdIds: number[]): Promise<HoldSettingsRecord[]> {
    if (!holdIds.length) return [];
    return this.db.select().from(holdSettings).where(inArray(holdSettings.holdId, holdIds));
  }

  async upsert(holdId: number, patch: HoldSettingsPatch, userId: number): Promise<void> {
    const set = { ...patch, updatedBy: userId, updatedAt: new Date() };
    await this.db
      .insert(holdSettings)
      .values({ holdId, ...set })
      .onConflictDoUpdate({ target: holdSettings.holdId, set });
  }

  /** Clears the own title and/or logo of every hold below `path` (they then inherit); the hold itself keeps its. */
  async clearBelow(holdId: number, path: string, fields: { title: boolean; logo: boolean }): Promise<number> {
    const set: HoldSettingsPatch = {};
    if (fields.title) set.title = null;
    if (fields.logo) set.logoPng = null;
    if (!Object.keys(set).length) return 0;
    const rows = await this.db
      .update(holdSettings)
      .set(set)
      .where(
        and(
          ne(holdSettings.holdId, holdId),
          sql`${holdSettings.holdId} IN (SELECT ${holds.id} FROM ${holds} WHERE ${holds.path} LIKE ${`${path}%`})`,
        ),
      )
      .returning({ holdId: holdSettings.holdId });
    return rows.length;
  }
}
