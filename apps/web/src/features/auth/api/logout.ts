import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const logout = () => api.post<null>('account/logout');

export const useLogout = () => useMutation({ mutationFn: logout });
