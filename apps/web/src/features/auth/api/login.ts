import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { LoginSession } from '../../../store/session.ts';

export interface LoginBody {
  Phone: string;
  UserPassword: string;
}

export const login = (body: LoginBody) => api.post<LoginSession>('account/login', body, { anonymous: true });

export const useLogin = () => useMutation({ mutationFn: login });
