import type {
  AddNoticeInput,
  BulletinListInput,
  BulletinRow,
  CurrentBulletin,
  ModifyNoticeInput,
  MyBulletinListInput,
  MyBulletinRow,
} from '@lodestar/contract/bulletins';
import { type BulletinLevel, bulletinState } from '@lodestar/domain';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { assertInSubtree } from '../../lib/tenancy.ts';
import { formatInZone, parseInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { BulletinRecord, BulletinRepository, CurrentRow } from './repository.ts';
import { sanitiseNoticeHtml, visibleText } from './sanitise.ts';

/** At most this many current notices reach a reader at once (newest first). */
const CURRENT_MAX = 50;

/**
 * Notices (function 74 writes and lists them; every user reads the current ones of its hold and its ancestors).
 * `now` is injected so the states can be tested over a fake clock.
 */
export class BulletinService {
  constructor(
    private readonly repo: BulletinRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async add(auth: AuthContext, input: AddNoticeInput): Promise<{ BulletinID: number; VersionID: number }> {
    const hold = input.HoldID ? await this.holds.inReach(auth, input.HoldID) : { id: auth.holdId };
    const version = this.version(auth, input);
    const ids = await this.repo.transaction(async (repo) => {
      const bulletinId = await repo.insertBulletin(hold.id, auth.userId);
      const v = await repo.insertVersion({ ...version, bulletinId });
      return { BulletinID: bulletinId, VersionID: v.id };
    });
    await this.log(auth, 'addNotice', `${input.Title} #${ids.BulletinID}`);
    return ids;
  }

  async modify(auth: AuthContext, input: ModifyNoticeInput): Promise<{ VersionID: number; Version: number }> {
    const [notice] = await this.owned(auth, [input.BulletinID]);
    if (notice!.removedAt) throw badRequest('bulletinRemoved', 'BulletinID');
    const v = await this.repo.insertVersion({ ...this.version(auth, input), bulletinId: notice!.id });
    await this.log(auth, 'modifyNotice', `${input.Title} #${notice!.id} v${v.version}`);
    return { VersionID: v.id, Version: v.version };
  }

  /** One id of another hold refuses them all, like a missing one; removing twice keeps the first time. */
  async remove(auth: AuthContext, ids: number[]): Promise<void> {
    const notices = await this.owned(auth, ids);
    await this.repo.markRemoved(
      notices.map((n) => n.id),
      this.now(),
    );
    await this.log(auth, 'removeNotice', notices.map((n) => `${n.title} #${n.id}`).join(', '));
  }

  async list(auth: AuthContext, q: BulletinListInput): Promise<{ rows: BulletinRow[]; total: number }> {
    const holdPath = await this.holds.pathOf(auth, q.HoldID);
    const now = this.now();
    const { rows, total } = await this.repo.list({
      holdPath,
      now,
      keyword: q.Keyword,
      states: q.States,
      sort: q.SortColumn ? { column: q.SortColumn, desc: q.SortType !== 'asc' } : undefined,
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    const time = (d: Date) => formatInZone(d, auth.timeZone);
    return {
      rows: rows.map((r) => ({
        VersionID: r.versionId,
        BulletinID: r.bulletinId,
        Version: r.version,
        HoldID: r.holdId,
        HoldName: r.holdName,
        Title: r.title,
        Body: r.body,
        BeginTime: time(r.beginAt),
        ShowLevel: r.showLevel as BulletinLevel,
        State: bulletinState(r, now),
        Creator: r.creator ?? '',
        Editor: r.editor ?? '',
        CreateTime: time(r.createdAt),
        UpdateTime: time(r.updatedAt),
      })),
      total,
    };
  }

  /** The caller's current notices: its own hold's and every ancestor's, never a sibling's or a subordinate's. */
  async current(auth: AuthContext): Promise<CurrentBulletin[]> {
    const rows = await this.repo.current(lineageOf(auth), auth.userId, this.now(), { limit: CURRENT_MAX });
    return rows.map((r) => shownBulletin(r, auth.timeZone));
  }

  /** The caller's own notice list (Notice/GetMyBulletins): what GetCurrent gives, plus the old versions it saw. */
  async mine(auth: AuthContext, q: MyBulletinListInput): Promise<{ rows: MyBulletinRow[]; total: number }> {
    const { rows, total } = await this.repo.mine({
      lineage: lineageOf(auth),
      userId: auth.userId,
      now: this.now(),
      unreadOnly: q.UnreadOnly === true,
      offset: (q.PageIndex - 1) * q.PageSize,
      limit: q.PageSize,
    });
    return {
      rows: rows.map((r) => ({ ...shownBulletin(r, auth.timeZone), State: r.newest ? 'current' : 'old' })),
      total,
    };
  }

  /** Only versions the caller may read now: any other id (old, scheduled, another hold's) answers like a missing one. */
  async markRead(auth: AuthContext, versionIds: number[]): Promise<void> {
    const unique = [...new Set(versionIds)];
    const readable = await this.repo.current(lineageOf(auth), auth.userId, this.now(), {
      limit: unique.length,
      versionIds: unique,
    });
    if (readable.length !== unique.length) throw outsideHold();
    await this.repo.markRead(auth.userId, unique);
  }

  private version(auth: AuthContext, input: AddNoticeInput | ModifyNoticeInput) {
    const body = sanitiseNoticeHtml(input.Body);
    if (!visibleText(body)) throw badRequest('bulletinBodyEmpty', 'Body');
    const beginAt = input.BeginTime ? parseInZone(input.BeginTime, auth.timeZone) : this.now();
    if (!beginAt) throw badRequest('invalidField', 'BeginTime');
    return { title: input.Title, body, beginAt, showLevel: input.ShowLevel, editedBy: auth.userId };
  }

  private async owned(auth: AuthContext, ids: number[]): Promise<BulletinRecord[]> {
    const unique = [...new Set(ids)];
    const found = await this.repo.findMany(unique);
    if (found.length !== unique.length) throw outsideHold();
    for (const n of found) assertInSubtree(auth.holdPath, n);
    return found;
  }

  private log(auth: AuthContext, action: string, detail: string) {
    return this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action,
      detail: detail.slice(0, 2000),
      ip: auth.ip,
    });
  }
}

/** The caller's hold and its ancestors, from the materialised path. */
export const lineageOf = (auth: Pick<AuthContext, 'holdPath'>): number[] =>
  auth.holdPath
    .split('/')
    .filter(Boolean)
    .map((id) => Number(id));

/** A notice version as a reader is shown it, in the reader's time zone (GetCurrent and GetMyBulletins alike). */
function shownBulletin(r: CurrentRow, zone: string): CurrentBulletin {
  return {
    VersionID: r.versionId,
    BulletinID: r.bulletinId,
    Title: r.title,
    Body: r.body,
    BeginTime: formatInZone(r.beginAt, zone),
    ShowLevel: r.showLevel as BulletinLevel,
    HoldName: r.holdName,
    Read: r.read,
  };
}
