import type { LogFilterInput, OperationRow, VisitorRow } from '@lodestar/contract/logs';
import type { ListExport } from '../../lib/list-export.ts';
import { formatInZone } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { OPERATION_COLUMNS, OPERATION_EXPORT_NAME, VISITOR_COLUMNS, VISITOR_EXPORT_NAME } from './log-export.ts';
import type { LogQuery, LogRepository } from './repository.ts';

/** The operation log and the visitor log, in the caller's subtree and zone. */
export class LogService {
  constructor(private readonly logs: LogRepository) {}

  private query(auth: AuthContext, b: LogFilterInput, pageIndex: number, pageSize: number): LogQuery {
    return {
      holdPath: auth.holdPath,
      includeUnattributed: auth.holdPath.split('/').filter(Boolean).length === 1,
      ...parseTimeRange(b, auth.timeZone),
      keyword: b.Keyword || undefined,
      ascending: b.SortType === 'asc',
      offset: (pageIndex - 1) * pageSize,
      limit: pageSize,
    };
  }

  /** GetOperationLog and ExportOperationLog read the same page. */
  async operations(auth: AuthContext, b: LogFilterInput, pageIndex: number, pageSize: number) {
    const { rows, total } = await this.logs.listOperations(this.query(auth, b, pageIndex, pageSize));
    return {
      rows: rows.map(
        (r): OperationRow => ({
          LogID: r.id,
          UserName: r.userName ?? '',
          HoldName: r.holdName,
          Action: r.action,
          Detail: r.detail,
          Ip: r.ip,
          CreateTime: formatInZone(r.createdAt, auth.timeZone),
        }),
      ),
      total,
    };
  }

  operationsExport(auth: AuthContext, b: LogFilterInput): ListExport<OperationRow> {
    return {
      name: OPERATION_EXPORT_NAME,
      columns: OPERATION_COLUMNS,
      page: (index, size) => this.operations(auth, b, index, size),
    };
  }

  async visitors(auth: AuthContext, b: LogFilterInput, pageIndex: number, pageSize: number) {
    const { rows, total } = await this.logs.listVisitors(this.query(auth, b, pageIndex, pageSize));
    return {
      rows: rows.map(
        (r): VisitorRow => ({
          LogID: r.id,
          UserName: r.userName ?? '',
          Phone: r.phone,
          Ip: r.ip,
          UserAgent: r.userAgent,
          Result: r.result,
          CreateTime: formatInZone(r.createdAt, auth.timeZone),
        }),
      ),
      total,
    };
  }

  visitorsExport(auth: AuthContext, b: LogFilterInput): ListExport<VisitorRow> {
    return {
      name: VISITOR_EXPORT_NAME,
      columns: VISITOR_COLUMNS,
      page: (index, size) => this.visitors(auth, b, index, size),
    };
  }
}
