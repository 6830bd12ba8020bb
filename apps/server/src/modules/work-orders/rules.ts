import { CheckStatus, type Language, LockType, SimState, WorkType } from '@lodestar/domain';

/**
 * The state a SIM must be in for a work type (docs/SIM-API.md "Work orders"). Types without an
 * entry (package change, renewal, lock) are allowed in any state.
 */
const ALLOWED_FROM: Partial<Record<WorkType, (state: number) => boolean>> = {
  [WorkType.Stop]: (s) => s === SimState.Testing || s === SimState.Silent || s === SimState.Active,
  [WorkType.Resume]: (s) => s === SimState.Suspended,
  [WorkType.Return]: (s) => s !== SimState.Cancelled,
};

export const stateAllows = (workType: number, state: number): boolean =>
  ALLOWED_FROM[workType as WorkType]?.(state) ?? true;

/** `sim_history.action` written when an order is approved. */
export function historyAction(workType: number, lockType: number | null): string {
  switch (workType) {
    case WorkType.Stop:
      return 'stop';
    case WorkType.Resume:
      return 'resume';
    case WorkType.Return:
      return 'return';
    case WorkType.PackageChange:
      return 'packageChange';
    case WorkType.Renewal:
      return 'renewal';
    default:
      return lockType === LockType.Locked ? 'lock' : 'unlock';
  }
}

/** Month arithmetic and the renewal rule live in the domain: the renewal page uses them too. */
export { addMonths, renewedExpiry } from '@lodestar/domain';

const WORK_TYPE_TEXT: Record<string, Record<Language, string>> = {
  [WorkType.Stop]: { zh: '停机', en: 'Stop service', fr: 'Suspension de ligne' },
  [WorkType.Resume]: { zh: '复机', en: 'Resume service', fr: 'Réactivation de ligne' },
  [WorkType.Return]: { zh: '退卡', en: 'Return', fr: 'Retour' },
  [WorkType.PackageChange]: { zh: '套餐变更', en: 'Package change', fr: 'Changement de forfait' },
  [WorkType.Renewal]: { zh: '续费', en: 'Renewal', fr: 'Renouvellement' },
  [WorkType.VipUpgrade]: { zh: 'VIP升级', en: 'VIP upgrade', fr: 'Passage en VIP' },
  lock: { zh: '机卡绑定', en: 'IMEI lock', fr: 'Verrouillage IMEI' },
  unlock: { zh: '机卡解绑', en: 'IMEI unlock', fr: 'Déverrouillage IMEI' },
};

const CHECK_STATUS_TEXT: Record<number, Record<Language, string>> = {
  [CheckStatus.UnderReview]: { zh: '审核中', en: 'Under review', fr: 'En cours d’examen' },
  [CheckStatus.Agreed]: { zh: '已同意', en: 'Agreed', fr: 'Accepté' },
  [CheckStatus.Rejected]: { zh: '已驳回', en: 'Rejected', fr: 'Rejeté' },
};

/** A lock order reads "lock" or "unlock" by its LockType, so the reviewer sees which. */
export function workTypeText(workType: number, lockType: number | null, lang: Language): string {
  const key = workType === WorkType.Lock ? historyAction(workType, lockType) : String(workType);
  return WORK_TYPE_TEXT[key]?.[lang] ?? String(workType);
}

export const checkStatusText = (status: number, lang: Language): string =>
  CHECK_STATUS_TEXT[status]?.[lang] ?? String(status);
