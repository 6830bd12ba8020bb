import type { ChangePasswordInput } from '@lodestar/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const changePassword = (body: ChangePasswordInput) => api.post<null>('User/ChangePassword', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
