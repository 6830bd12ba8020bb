import type { AddHoldData, AddHoldInput, ModifyHoldInput, MoveHoldInput } from '@lodestar/contract/holds';
import { api } from '../../../api/instance.ts';

/** Writes of the organisation tree; the tree itself comes from features/holds (`Hold/GetLeftHold`). */
export const HOLD_KEY = ['hold'] as const;

export const addHold = (body: AddHoldInput) => api.post<AddHoldData>('Hold/AddHold', body);
export const modifyHold = (body: ModifyHoldInput) => api.post<null>('Hold/ModifyHold', body);
export const moveHold = (body: MoveHoldInput) => api.post<null>('Hold/MoveHold', body);
export const removeHold = (HoldID: number) => api.post<null>('Hold/RemoveHold', { HoldID });
