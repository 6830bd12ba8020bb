import type { RetrieveInput } from '@lodestar/contract/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';

export const retrievePassword = (body: RetrieveInput) =>
  api.post<null>('account/retrievepassword', body, { anonymous: true });

export const useRetrievePassword = () => useMutation({ mutationFn: retrievePassword });
