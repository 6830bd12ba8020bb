import { type Static, Type } from 'typebox';
import { Id, PageOf, Paging } from './common.ts';

export const DownloadListQuery = Type.Object(Paging);
export const DownloadRowSchema = Type.Object({
  FileID: Type.Integer(),
  FileName: Type.String(),
  Status: Type.Integer({ description: '0 preparing, 1 ready, 2 failed' }),
  Progress: Type.Integer({ description: 'percent' }),
  Size: Type.Integer({ description: 'bytes' }),
  CreateTime: Type.String(),
});
export type DownloadRow = Static<typeof DownloadRowSchema>;
export const DownloadListReply = PageOf(DownloadRowSchema);
/** Download/GetFile answers the file itself. */
export const GetFileQuery = Type.Object({ FileID: Id });
