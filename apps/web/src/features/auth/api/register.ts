import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface RegisterBody {
  Phone: string;
  SMSCode: string;
  UserPassword: string;
  UserName: string;
  Email?: string;
  HoldName?: string;
  Vehicle: { Plate: string; DeviceID?: string; OwnerName?: string };
}

export const register = (body: RegisterBody) =>
  api.post<{ UserID: number }>('account/register', body, { anonymous: true });

export const useRegister = () => useMutation({ mutationFn: register });
