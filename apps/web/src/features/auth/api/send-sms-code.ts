import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type SmsPurpose = 'login' | 'retrieve' | 'register';

export interface SendSmsCodeBody {
  Phone: string;
  Purpose: SmsPurpose;
}

export interface SendSmsCodeResult {
  provider: string;
  expiresInSeconds: number;
}

export const sendSmsCode = (body: SendSmsCodeBody) =>
  api.post<SendSmsCodeResult>('account/sendsmscode', body, { anonymous: true });

export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
