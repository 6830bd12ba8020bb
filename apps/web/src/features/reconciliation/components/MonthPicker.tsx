import { MONTH_RE, previousMonth } from '@lodestar/domain';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { wallClockIn } from '../../../lib/user-time.ts';

/** What the reconciliation pages open on: the month before the user's this month. */
export const defaultMonth = (timeZone: string | undefined) =>
  previousMonth(wallClockIn(new Date(), timeZone).slice(0, 10));
export const monthOr = (text: string | null, fallback: string) => (text && MONTH_RE.test(text) ? text : fallback);

/** A 'YYYY-MM' month. */
export function MonthPicker({
  value,
  onChange,
  allowClear = false,
  'data-testid': testId,
  'aria-label': label,
}: {
  value: string | undefined;
  onChange: (month: string | undefined) => void;
  allowClear?: boolean;
  'data-testid'?: string;
  'aria-label'?: string;
}) {
  return (
    <span data-testid={testId}>
      <DatePicker
        aria-label={label}
        picker="month"
        allowClear={allowClear}
        value={value ? dayjs(`${value}-01`) : null}
        onChange={(d) => onChange(d ? d.format('YYYY-MM') : undefined)}
        format="YYYY-MM"
      />
    </span>
  );
}
