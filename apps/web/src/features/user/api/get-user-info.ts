import type { Profile } from '@lodestar/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type { Profile };

export const userInfoKey = ['user', 'info'] as const;

export const getUserInfo = () => api.get<Profile>('User/GetUserInfo');

export const useUserInfo = () => useQuery({ queryKey: userInfoKey, queryFn: getUserInfo });
