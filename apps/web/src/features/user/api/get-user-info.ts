import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface Profile {
  UserID: number;
  UserName: string;
  Phone: string;
  HoldID: number;
  HoldName: string;
  AccountType: number;
  Funs: number[];
  Contact: string | null;
  Email: string | null;
  Remark: string | null;
  TimeZone: string | null;
  ServiceEndDate: string | null;
  CreateTime: string;
  DefaultProvince: string | null;
  MenuPosition: number;
  Language: string;
}

export const userInfoKey = ['user', 'info'] as const;

export const getUserInfo = () => api.get<Profile>('User/GetUserInfo');

export const useUserInfo = () => useQuery({ queryKey: userInfoKey, queryFn: getUserInfo });
