import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { type Profile, userInfoKey } from './get-user-info.ts';

export interface SaveSettingsBody {
  UserName?: string;
  Contact?: string;
  Email?: string;
  TimeZone?: string;
  MenuPosition?: number;
  Language?: string;
  DefaultProvince?: string;
}

export const saveSettings = (body: SaveSettingsBody) => api.post<Profile>('User/SaveSettings', body);

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (profile) => client.setQueryData(userInfoKey, profile),
  });
}
