import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUserTimeZone } from '../../lib/user-time.ts';
import { type Period, todaySoFar } from './period.ts';

/** Devices one replay shows together (issue #16), as many as History/Export takes. */
export const MAX_DEVICES = 10;

export const HISTORY_PATH = '/monitor/history';
export const PRINT_PATH = '/monitor/history/print';

export interface HistoryChoice extends Period {
  devices: string[];
}

/** The page's address for a choice: a reload, a link from the monitor or the print page open the same replay. */
export function historyHref(choice: HistoryChoice, path = HISTORY_PATH): string {
  const q = new URLSearchParams();
  if (choice.devices.length) q.set('devices', choice.devices.join(','));
  q.set('start', choice.start);
  q.set('end', choice.end);
  return `${path}?${q.toString()}`;
}

/** Reads `?devices=ID1,ID2&start=…&end=…` (user's wall clock); without a period, today so far. */
export function parseChoice(params: URLSearchParams, fallback: Period): HistoryChoice {
  const devices = [
    ...new Set(
      (params.get('devices') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, MAX_DEVICES);
  const start = params.get('start')?.trim();
  const end = params.get('end')?.trim();
  return start && end ? { devices, start, end } : { devices, ...fallback };
}

/** The choice in the URL, and a setter that writes it back (replacing the entry, so Back leaves the page). */
export function useHistoryChoice(): [HistoryChoice, (next: HistoryChoice) => void] {
  const [params, setParams] = useSearchParams();
  const timeZone = useUserTimeZone();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search string is the whole input
  const choice = useMemo(() => parseChoice(params, todaySoFar(timeZone)), [key, timeZone]);
  const set = useCallback(
    (next: HistoryChoice) => setParams(new URLSearchParams(historyHref(next).split('?')[1]), { replace: true }),
    [setParams],
  );
  return [choice, set];
}
