import type { SendCodeInput, SendCodeResult } from '@lodestar/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export type SmsPurpose = SendCodeInput['Purpose'];

export const sendSmsCode = (body: SendCodeInput) =>
  api.post<SendCodeResult>('account/sendsmscode', body, { anonymous: true });

export const useSendSmsCode = () => useMutation({ mutationFn: sendSmsCode });
