import type { LoginInput } from '@lodestar/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { LoginSession } from '../../../store/session.ts';

export const login = (body: LoginInput) => api.post<LoginSession>('account/login', body, { anonymous: true });

export const useLogin = () => useMutation({ mutationFn: login });
