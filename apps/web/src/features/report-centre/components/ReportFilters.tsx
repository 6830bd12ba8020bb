import { REPORT_PERIODS, type ReportPeriod } from '@lodestar/domain';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { userNow } from '../../../lib/user-time.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import type { ReportTypeRow } from '../api/get-report-types.ts';
import type { ReportQuery } from '../api/run-report.ts';
import { durationChoice, periodRange } from '../format.ts';

const FMT = 'YYYY-MM-DD HH:mm:ss';

export interface ReportForm {
  Period?: ReportPeriod | 'custom';
  Range: [Dayjs | null, Dayjs | null] | null;
  HoldID?: number | undefined;
  DeviceIDs?: string[] | undefined;
  Params: Record<string, number>;
}

/** Today, the type's default params, the unit the shell's tree chose. */
export function initialForm(type: ReportTypeRow, timeZone: string | undefined, HoldID?: number): ReportForm {
  return {
    Period: 'today',
    Range: periodRange('today', userNow(timeZone)),
    HoldID,
    DeviceIDs: [],
    Params: Object.fromEntries(type.Params.map((p) => [p.Name, p.Default])),
  };
}

export const toQuery = (type: ReportTypeRow, v: ReportForm): ReportQuery => ({
  Type: type.Type,
  ...(type.Period && { StartTime: v.Range?.[0]?.format(FMT) ?? '', EndTime: v.Range?.[1]?.format(FMT) ?? '' }),
  ...(v.HoldID !== undefined && { HoldID: v.HoldID }),
  ...(v.DeviceIDs?.length && { DeviceIDs: v.DeviceIDs.map((d) => d.trim()).filter(Boolean) }),
  ...(type.Params.length && { Params: v.Params }),
});

/** Period (spec section 9's presets or a custom range), unit, devices, and the type's own choices. */
export function ReportFilters({
  type,
  initial,
  timeZone,
  onSearch,
}: {
  type: ReportTypeRow;
  initial: ReportForm;
  timeZone: string | undefined;
  onSearch: (v: ReportForm) => void;
}) {
  const { t } = useTranslation('report-centre');
  const [form] = Form.useForm<ReportForm>();
  return (
    <FilterForm<ReportForm> name="report" form={form} initialValues={initial} onSearch={onSearch}>
      {type.Period ? (
        <>
          <Form.Item name="Period" label={t('period')}>
            <Select
              className="report-period"
              data-testid="report-period"
              style={{ width: 130 }}
              options={[
                ...REPORT_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) })),
                { value: 'custom', label: t('periods.custom') },
              ]}
              onChange={(p: ReportPeriod | 'custom') => {
                if (p !== 'custom') form.setFieldValue('Range', periodRange(p, userNow(timeZone)));
              }}
            />
          </Form.Item>
          <Form.Item name="Range" label={t('range')}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm:ss' }}
              format={FMT}
              allowClear={false}
              onChange={() => form.setFieldValue('Period', 'custom')}
            />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="HoldID" label={t('hold')}>
        <HoldTreeSelect placeholder={t('holdPlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="DeviceIDs" label={t('devices')}>
        <Select
          mode="tags"
          tokenSeparators={[',', ' ', '\n']}
          open={false}
          placeholder={t('devicesPlaceholder')}
          style={{ minWidth: 240, maxWidth: 360 }}
          data-testid="report-devices"
        />
      </Form.Item>
      {type.Params.map((p) => (
        <Form.Item key={p.Name} name={['Params', p.Name]} label={p.Title}>
          <Select
            style={{ width: 150 }}
            options={p.Choices.map((c) => ({
              value: c,
              label:
                p.Name === 'Days' ? (c === 0 ? t('expired') : t('withinDays', { count: c })) : durationChoice(c, t),
            }))}
          />
        </Form.Item>
      ))}
    </FilterForm>
  );
}
