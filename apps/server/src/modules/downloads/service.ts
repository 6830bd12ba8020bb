import { access } from 'node:fs/promises';
import { badRequest, outsideHold } from '../../lib/errors.ts';
import type { Exporter } from '../../lib/exporter.ts';
import { formatInZone } from '../../lib/time.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type DownloadRepository, DownloadStatus } from './repository.ts';

/** The download centre: the caller's own prepared files, and one of them to save. */
export class DownloadService {
  constructor(
    private readonly downloads: DownloadRepository,
    private readonly exporter: Exporter,
  ) {}

  async list(auth: AuthContext, page: { PageIndex: number; PageSize: number }) {
    const { rows, total } = await this.downloads.pageOf(
      auth.userId,
      (page.PageIndex - 1) * page.PageSize,
      page.PageSize,
    );
    return {
      rows: rows.map((r) => ({
        FileID: r.id,
        FileName: r.fileName,
        Status: r.status,
        Progress: r.progress,
        Size: r.size,
        CreateTime: formatInZone(r.createdAt, auth.timeZone),
      })),
      total,
    };
  }

  /** Where a ready file of the caller's is on disk, and the name it is saved under. */
  async file(auth: AuthContext, fileId: number): Promise<{ path: string; fileName: string }> {
    const row = await this.downloads.findOwn(fileId, auth.userId);
    if (!row) throw outsideHold();
    const file = this.exporter.resolve(row.storagePath);
    if (row.status !== DownloadStatus.Ready || !row.storagePath || !(await exists(file)))
      throw badRequest('fileNotReady');
    return { path: file, fileName: row.fileName };
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
