import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export interface RetrievePasswordBody {
  Phone: string;
  SMSCode: string;
  NewPass: string;
}

export const retrievePassword = (body: RetrievePasswordBody) =>
  api.post<null>('account/retrievepassword', body, { anonymous: true });

export const useRetrievePassword = () => useMutation({ mutationFn: retrievePassword });
