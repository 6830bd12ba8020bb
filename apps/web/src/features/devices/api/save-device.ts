import type { AddDeviceInput, ModifyDeviceInput } from '@lodestar/contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { AddDeviceInput, ModifyDeviceInput };

export const addDevice = (body: AddDeviceInput) => api.post<{ DeviceID: string }>('Device/AddDevice', body);
export const modifyDevice = (body: ModifyDeviceInput) => api.post<null>('Device/ModifyDevice', body);

/** Add or modify; either refreshes the device lists and the device's own detail. */
export function useSaveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ editing, body }: { editing: boolean; body: AddDeviceInput }) =>
      editing ? modifyDevice(body).then(() => ({ DeviceID: body.DeviceID })) : addDevice(body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['devices'] }),
  });
}
