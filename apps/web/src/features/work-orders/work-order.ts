import type { ApprovalItem, WorkRow } from '@lodestar/contract/work-orders';
import { CheckStatus, LockType, REVIEWED_WORK_TYPES, WorkType } from '@lodestar/domain';

export type Decision = CheckStatus.Agreed | CheckStatus.Rejected;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date 'YYYY-MM-DD' of an instant in a time zone (the browser's when none or unknown). */
export function dateInZone(now: Date, timeZone?: string): string {
  try {
    // sv-SE formats as ISO 'YYYY-MM-DD'.
    return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      now,
    );
  } catch {
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }
}

/** One calendar month back; the 31st of a shorter month becomes that month's last day. */
export function monthBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/**
 * The list's default apply-time range (spec section 9): one month ago 00:00:00 to today 23:59:59,
 * both as wall-clock times in the user's time zone, which is how the server reads them.
 */
export function defaultTimeRange(now: Date, timeZone?: string): [string, string] {
  const today = dateInZone(now, timeZone);
  return [`${monthBefore(today)} 00:00:00`, `${today} 23:59:59`];
}

/** Only orders under review can be decided (spec section 4). */
export const isPending = (row: Pick<WorkRow, 'CheckStatus'>): boolean => row.CheckStatus === CheckStatus.UnderReview;

/** Approving a return moves the card to another unit, so one must be chosen (spec sections 4 and 5). */
export const needsReceivingUnit = (rows: readonly Pick<WorkRow, 'WorkType'>[], decision: Decision): boolean =>
  decision === CheckStatus.Agreed && rows.some((r) => r.WorkType === WorkType.Return);

export type ApprovalProblem = 'noneSelected' | 'unitRequired';

/** Why a decision cannot be sent yet, in the words of spec section 8; undefined when it can. */
export function approvalProblem(
  rows: readonly Pick<WorkRow, 'WorkType'>[],
  decision: Decision,
  reHoldId: number | null | undefined,
): ApprovalProblem | undefined {
  if (rows.length === 0) return 'noneSelected';
  if (needsReceivingUnit(rows, decision) && !reHoldId) return 'unitRequired';
  return undefined;
}

/**
 * The array `/WorkFlow/CheckWorkFlow` takes. ReHoldID goes only with an approved return; every
 * other item carries null, so a unit chosen for a mixed batch cannot leak into other orders.
 */
export function buildApprovalItems(
  rows: readonly WorkRow[],
  decision: Decision,
  checkText: string,
  reHoldId: number | null | undefined,
): ApprovalItem[] {
  const text = checkText.trim();
  // A row's numbers narrowed to what the call takes; a type this console does not know is not sent.
  return rows.flatMap((r) => {
    const workType = REVIEWED_WORK_TYPES.find((t) => t === r.WorkType);
    if (workType === undefined) return [];
    return [
      {
        WorkID: r.WorkID,
        WorkType: workType,
        TargetID: r.TargetID,
        LockType: r.LockType === LockType.Locked || r.LockType === LockType.Unlocked ? r.LockType : null,
        CheckStatus: decision,
        CheckText: text,
        ReHoldID: decision === CheckStatus.Agreed && r.WorkType === WorkType.Return ? (reHoldId ?? null) : null,
      },
    ];
  });
}

/** A VIP order's devices in a cell: the first few, then how many more (all of them in the tooltip). */
export function deviceSummary(deviceIds: readonly string[], shown = 2): { text: string; more: number } {
  return { text: deviceIds.slice(0, shown).join(', '), more: Math.max(0, deviceIds.length - shown) };
}
