import { api } from '../../../api/instance.ts';

/** Writes of the organisation tree; the tree itself comes from features/holds (`Hold/GetLeftHold`). */
export const HOLD_KEY = ['hold'] as const;

export const addHold = (body: { HoldName: string; HoldType: number; parentHoldId: number }) =>
  api.post<{ HoldID: number }>('Hold/AddHold', body);
export const modifyHold = (body: { HoldID: number; HoldName?: string; HoldType?: number }) =>
  api.post<null>('Hold/ModifyHold', body);
export const moveHold = (body: { HoldID: number; parentHoldId: number }) => api.post<null>('Hold/MoveHold', body);
export const removeHold = (HoldID: number) => api.post<null>('Hold/RemoveHold', { HoldID });
