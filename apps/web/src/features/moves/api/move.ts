import type { MoveDevicesInput, MoveResult, MoveVehiclesInput } from '@lodestar/contract/moves';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { MoveResult };

/** What the dialog moves: devices by their DeviceID, vehicles by their VehicleID. */
export type MoveSelection = { kind: 'device'; ids: string[] } | { kind: 'vehicle'; ids: number[] };

export const moveDevices = (body: MoveDevicesInput) => api.post<MoveResult>('Device/MoveDevices', body);
export const moveVehicles = (body: MoveVehiclesInput) => api.post<MoveResult>('Vehicle/MoveVehicles', body);

/** One call for both kinds; `dryRun` is the preview (the server answers what would move and writes nothing). */
export function move(selection: MoveSelection, holdId: number, dryRun: boolean): Promise<MoveResult> {
  return selection.kind === 'device'
    ? moveDevices({ DeviceIDs: selection.ids, HoldID: holdId, DryRun: dryRun })
    : moveVehicles({ VehicleIDs: selection.ids, HoldID: holdId, DryRun: dryRun });
}

export const movePreviewKey = (selection: MoveSelection, holdId: number | undefined) =>
  ['moves', 'preview', selection.kind, selection.ids, holdId] as const;

/** The preview for a chosen unit; none until a unit is chosen. Never cached past the dialog: rows move. */
export function useMovePreview(selection: MoveSelection, holdId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: movePreviewKey(selection, holdId),
    queryFn: () => move(selection, holdId!, true),
    enabled: enabled && holdId !== undefined && selection.ids.length > 0,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

/**
 * The move itself. Devices, vehicles, SIMs, the monitor and the home figures all change with it, so every
 * query is refetched (only those on screen are).
 */
export function useMove() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ selection, holdId }: { selection: MoveSelection; holdId: number }) => move(selection, holdId, false),
    onSuccess: () => void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'moves' }),
  });
}
