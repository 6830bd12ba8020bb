import { MONTH_RE, previousMonth } from '@lodestar/domain';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** What the reconciliation pages open on: the month before this one. */
export const defaultMonth = () => previousMonth(dayjs().format('YYYY-MM-DD'));
export const monthOr = (text: string | null, fallback = defaultMonth()) =>
  text && MONTH_RE.test(text) ? text : fallback;

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
