import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../api/instance.ts';
import { useSession } from '../../../store/session.ts';

/** Shared with features/sims, whose work-order requests change the count. */
export const workCountKey = ['work-orders', 'count'] as const;

const REFRESH_MS = 60_000;

/** Spec section 7: the reply's data is the number itself. */
export const getWorkCount = () => api.post<number>('/WorkFlow/GetWorkCount');

/** The pending count of the header (spec section 3, Session.msgNumber), kept in the session store too. */
export function useWorkCount(enabled: boolean) {
  const query = useQuery({
    queryKey: workCountKey,
    queryFn: getWorkCount,
    enabled,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const setMsgNumber = useSession((s) => s.setMsgNumber);
  useEffect(() => {
    if (typeof query.data === 'number') setMsgNumber(query.data);
  }, [query.data, setMsgNumber]);
  return query;
}
