import type { SettingsInput } from '@lodestar/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { type Profile, userInfoKey } from './get-user-info.ts';

export const saveSettings = (body: SettingsInput) => api.post<Profile>('User/SaveSettings', body);

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (profile) => client.setQueryData(userInfoKey, profile),
  });
}
