import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface ChangePasswordBody {
  OldPass: string;
  NewPass: string;
  ConfirmPass: string;
}

export const changePassword = (body: ChangePasswordBody) => api.post<null>('User/ChangePassword', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
