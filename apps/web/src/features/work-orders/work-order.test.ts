import type { WorkRow } from '@lodestar/contract/work-orders';
import { CheckStatus, LockType, WorkType } from '@lodestar/domain';
import { describe, expect, it } from 'vitest';
import {
  approvalProblem,
  buildApprovalItems,
  dateInZone,
  defaultTimeRange,
  isPending,
  monthBefore,
  needsReceivingUnit,
} from './work-order.ts';

function row(WorkID: number, WorkType: WorkType, extra: Partial<WorkRow> = {}): WorkRow {
  return {
    WorkID,
    WorkType,
    WorkTypeText: '',
    TargetID: `8986000000000000${WorkID}`,
    MSISDN: '',
    LockType: null,
    IMEI: '',
    PackageID: null,
    PackageName: '',
    Months: null,
    CheckStatus: CheckStatus.UnderReview,
    CheckStatusText: '',
    WorkCont: '',
    UserName: '',
    ApplyTime: '2024-05-01 10:00:00',
    HoldID: 1,
    HoldName: '',
    ReHoldID: null,
    ReHoldName: '',
    ReviewerName: '',
    CheckText: '',
    CheckTime: '',
    Vip: null,
    ...extra,
  };
}

describe('default time range', () => {
  it('runs from one month ago 00:00:00 to today 23:59:59', () => {
    expect(defaultTimeRange(new Date('2024-05-15T08:00:00Z'), 'UTC')).toEqual([
      '2024-04-15 00:00:00',
      '2024-05-15 23:59:59',
    ]);
  });

  it('takes today in the user’s time zone, not UTC', () => {
    // 20:00 UTC on 31 January is already 1 February in Shanghai and still 31 January in New York.
    const now = new Date('2024-01-31T20:00:00Z');
    expect(defaultTimeRange(now, 'Asia/Shanghai')).toEqual(['2024-01-01 00:00:00', '2024-02-01 23:59:59']);
    expect(defaultTimeRange(now, 'America/New_York')).toEqual(['2023-12-31 00:00:00', '2024-01-31 23:59:59']);
  });

  it('falls back to the browser’s zone for an unknown zone', () => {
    const now = new Date(2024, 6, 9, 12, 0, 0);
    expect(dateInZone(now, 'Nowhere/Atlantis')).toBe('2024-07-09');
    expect(dateInZone(now)).toBe('2024-07-09');
  });

  it('steps a month back across the year and into shorter months', () => {
    expect(monthBefore('2024-01-10')).toBe('2023-12-10');
    expect(monthBefore('2024-03-31')).toBe('2024-02-29');
    expect(monthBefore('2023-03-31')).toBe('2023-02-28');
    expect(monthBefore('2024-05-31')).toBe('2024-04-30');
  });
});

describe('approval', () => {
  const stop = row(1, WorkType.Stop);
  const ret = row(2, WorkType.Return);
  const lock = row(3, WorkType.Lock, { LockType: LockType.Locked, IMEI: '123456789012345' });

  it('refuses an empty selection and an approved return without a unit', () => {
    expect(approvalProblem([], CheckStatus.Agreed, 5)).toBe('noneSelected');
    expect(approvalProblem([], CheckStatus.Rejected, null)).toBe('noneSelected');
    expect(approvalProblem([stop, ret], CheckStatus.Agreed, null)).toBe('unitRequired');
    expect(approvalProblem([ret], CheckStatus.Agreed, undefined)).toBe('unitRequired');
    expect(approvalProblem([ret], CheckStatus.Agreed, 7)).toBeUndefined();
    // Rejecting a return moves nothing, so no unit is needed.
    expect(approvalProblem([ret], CheckStatus.Rejected, null)).toBeUndefined();
    expect(approvalProblem([stop, lock], CheckStatus.Agreed, null)).toBeUndefined();
  });

  it('asks for a unit only when approving a return', () => {
    expect(needsReceivingUnit([stop, ret], CheckStatus.Agreed)).toBe(true);
    expect(needsReceivingUnit([stop, ret], CheckStatus.Rejected)).toBe(false);
    expect(needsReceivingUnit([stop, lock], CheckStatus.Agreed)).toBe(false);
  });

  it('builds one item per order with the unit only on approved returns', () => {
    expect(buildApprovalItems([stop, ret, lock], CheckStatus.Agreed, '  ok, done \n', 9)).toEqual([
      {
        WorkID: 1,
        WorkType: WorkType.Stop,
        TargetID: stop.TargetID,
        LockType: null,
        CheckStatus: 2,
        CheckText: 'ok, done',
        ReHoldID: null,
      },
      {
        WorkID: 2,
        WorkType: WorkType.Return,
        TargetID: ret.TargetID,
        LockType: null,
        CheckStatus: 2,
        CheckText: 'ok, done',
        ReHoldID: 9,
      },
      {
        WorkID: 3,
        WorkType: WorkType.Lock,
        TargetID: lock.TargetID,
        LockType: LockType.Locked,
        CheckStatus: 2,
        CheckText: 'ok, done',
        ReHoldID: null,
      },
    ]);
  });

  it('sends 3 and no unit when rejecting', () => {
    const items = buildApprovalItems([ret], CheckStatus.Rejected, 'wrong card', 9);
    expect(items).toEqual([
      expect.objectContaining({ WorkID: 2, CheckStatus: 3, CheckText: 'wrong card', ReHoldID: null }),
    ]);
    expect(buildApprovalItems([], CheckStatus.Rejected, '', null)).toEqual([]);
  });

  it('knows which rows can still be decided', () => {
    expect(isPending(stop)).toBe(true);
    expect(isPending({ CheckStatus: CheckStatus.Agreed })).toBe(false);
    expect(isPending({ CheckStatus: CheckStatus.Rejected })).toBe(false);
  });
});
