import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { LoginSession } from '../../../store/session.ts';

export interface SmsLoginBody {
  Phone: string;
  SMSCode: string;
}

export const smsLogin = (body: SmsLoginBody) => api.post<LoginSession>('account/smslogin', body, { anonymous: true });

export const useSmsLogin = () => useMutation({ mutationFn: smsLogin });
