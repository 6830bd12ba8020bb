import type { SmsLoginInput } from '@lodestar/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { LoginSession } from '../../../store/session.ts';

export const smsLogin = (body: SmsLoginInput) => api.post<LoginSession>('account/smslogin', body, { anonymous: true });

export const useSmsLogin = () => useMutation({ mutationFn: smsLogin });
