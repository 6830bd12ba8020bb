import type { RegisterInput, RegisterResult } from '@lodestar/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const register = (body: RegisterInput) =>
  api.post<RegisterResult>('account/register', body, { anonymous: true });

export const useRegister = () => useMutation({ mutationFn: register });
