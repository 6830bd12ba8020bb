import type { FileIdData } from '@lodestar/contract/common';
import type { DeviceExportInput } from '@lodestar/contract/devices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

/** Prepares the filtered list as a download-centre entry. */
export const exportDevices = (body: DeviceExportInput) => api.post<FileIdData>('Device/ExportDevices', body);

export function useExportDevices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exportDevices,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['download', 'list'] }),
  });
}
