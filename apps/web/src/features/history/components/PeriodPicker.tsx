import { LIMITS } from '@lodestar/domain';
import { Alert, Button, DatePicker, Grid, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import {
  checkPeriod,
  type Period,
  type PeriodProblem,
  PRESETS,
  type PresetKey,
  presetPeriod,
  TIME_FORMAT,
} from '../period.ts';

interface Props {
  value: Period;
  onChange: (period: Period) => void;
  /** Whether the VIP of every chosen device runs (90 days back instead of 7). */
  vip: boolean;
}

/**
 * The period: spec section 9's presets or a custom range, on the user's wall clock. The form names why a
 * period would be refused before asking (30 days at most, 7 days back, 90 with VIP); the server checks again
 * and its message is the one that counts.
 */
export function PeriodPicker({ value, onChange, vip }: Props) {
  const { t } = useTranslation('history');
  const timeZone = useUserTimeZone();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs(value.start), dayjs(value.end)]);
  const [preset, setPreset] = useState<PresetKey | null>(null);
  useEffect(() => setRange([dayjs(value.start), dayjs(value.end)]), [value.start, value.end]);
  const draft: Period = { start: range[0].format(TIME_FORMAT), end: range[1].format(TIME_FORMAT) };
  const problem = checkPeriod(draft, vip, timeZone);
  // On a phone a range of two 19-character times does not fit: the fields show minutes (the value keeps seconds).
  const wide = Grid.useBreakpoint().sm !== false;

  const apply = (p: Period) => {
    if (!checkPeriod(p, vip, timeZone)) onChange(p);
  };

  return (
    <div className="history-period">
      <Select<PresetKey>
        className="history-preset"
        value={preset}
        placeholder={t('page.preset')}
        popupMatchSelectWidth={false}
        // All eleven presets in view, without scrolling the list.
        listHeight={400}
        options={PRESETS.map((p) => ({
          value: p.key,
          label: t(`page.presets.${p.key}`),
          disabled: p.days > LIMITS.trackQueryDays,
          title:
            p.days > LIMITS.trackQueryDays ? t('page.problem.tooLong', { days: LIMITS.trackQueryDays }) : undefined,
        }))}
        onChange={(key) => {
          setPreset(key);
          const p = presetPeriod(key, userNow(timeZone));
          setRange([dayjs(p.start), dayjs(p.end)]);
          apply(p);
        }}
      />
      <DatePicker.RangePicker
        className="history-range"
        showTime
        allowClear={false}
        format={wide ? TIME_FORMAT : 'YYYY-MM-DD HH:mm'}
        value={range}
        onChange={(r) => {
          if (!r?.[0] || !r[1]) return;
          setPreset(null);
          setRange([r[0], r[1]]);
        }}
      />
      <Button type="primary" className="history-search" disabled={!!problem} onClick={() => apply(draft)}>
        {t('page.search')}
      </Button>
      {problem ? (
        <Alert className="history-period-problem" type="warning" showIcon title={problemText(t, problem)} />
      ) : null}
    </div>
  );
}

export function problemText(t: (key: string, o?: Record<string, unknown>) => string, p: PeriodProblem): string {
  return 'days' in p ? t(`page.problem.${p.key}`, { days: p.days }) : t(`page.problem.${p.key}`);
}
