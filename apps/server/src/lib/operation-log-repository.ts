import { type Db, operationLogs } from '@lodestar/db';

/** One line of the operation log: who did what, in which hold, from where. */
export interface OperationEntry {
  userId: number;
  holdId: number;
  action: string;
  detail?: string;
  ip?: string;
}

/** The operation-log writer every module that changes something is given; the logs module reads the lines. */
export class OperationLogRepository {
  constructor(protected readonly db: Db) {}

  async operation(entry: OperationEntry): Promise<void> {
    await this.db.insert(operationLogs).values({ ...entry, detail: entry.detail ?? '', ip: entry.ip ?? '' });
  }
}
