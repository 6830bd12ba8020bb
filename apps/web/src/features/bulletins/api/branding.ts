import type { Branding, SetBrandingInput } from '@lodestar/contract/bulletins';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { Branding, SetBrandingInput };

export const brandingKey = ['bulletins', 'branding'] as const;

/** The user's unit's branding: Effective is what the header shows (own, else inherited). */
export function useBranding() {
  return useQuery({
    queryKey: brandingKey,
    queryFn: () => api.post<Branding>('User/GetBranding', {}),
    staleTime: 600_000,
  });
}

export function useSetBranding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: SetBrandingInput) => api.post<Branding>('User/SetBranding', b),
    onSuccess: (data) => qc.setQueryData(brandingKey, data),
  });
}
