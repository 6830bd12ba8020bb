import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import type { AuthContext } from '../../plugins/auth.ts';

/** One operation-log line of a zone or point write (the console labels `action`: accounts.json, log.actions). */
export function zoneLog(logs: OperationLogRepository, auth: AuthContext, action: string, detail: string) {
  return logs.operation({
    userId: auth.userId,
    holdId: auth.holdId,
    action,
    detail: detail.slice(0, 2000),
    ip: auth.ip,
  });
}
