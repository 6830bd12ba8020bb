import { SearchOutlined } from '@ant-design/icons';
import type { CheckFilter } from '@lodestar/contract/work-orders';
import { CHECK_STATUS_FILTERS } from '@lodestar/domain';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** The wire format of spec section 7 (YYYY-MM-DD hh:mm:ss, 24-hour). */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface FilterValues {
  CheckStatic: CheckFilter;
  IDNO: string;
  StartTime: string;
  EndTime: string;
}

interface FormValues {
  CheckStatic: CheckFilter;
  IDNO?: string;
  range: [Dayjs, Dayjs];
}

/** Review state, ID number (ICCID or MSISDN) and apply-time range; applied with the search button or Enter. */
export function WorkOrderFilters({ initial, onSearch }: { initial: FilterValues; onSearch(v: FilterValues): void }) {
  const { t } = useTranslation('work-orders');
  const [form] = Form.useForm<FormValues>();
  const submit = ({ CheckStatic, IDNO, range }: FormValues) =>
    onSearch({
      CheckStatic,
      IDNO: IDNO?.trim() ?? '',
      StartTime: range[0].format(TIME_FORMAT),
      EndTime: range[1].format(TIME_FORMAT),
    });

  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name="work-order-filters"
      className="work-order-filters"
      onFinish={submit}
      initialValues={{
        CheckStatic: initial.CheckStatic,
        IDNO: initial.IDNO,
        range: [dayjs(initial.StartTime, TIME_FORMAT), dayjs(initial.EndTime, TIME_FORMAT)],
      }}
    >
      <Form.Item name="CheckStatic" label={t('filter.status')}>
        <Select<CheckFilter>
          className="work-status-filter"
          style={{ width: 140 }}
          onChange={() => form.submit()}
          options={CHECK_STATUS_FILTERS.map((s) => ({ value: s, label: t(`checkStatus.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="IDNO" label={t('filter.idno')}>
        <Input className="work-idno" allowClear placeholder={t('filter.idnoPlaceholder')} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="range" label={t('filter.applyTime')}>
        <DatePicker.RangePicker showTime format={TIME_FORMAT} allowClear={false} className="work-range" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} className="work-search">
          {t('search')}
        </Button>
      </Form.Item>
    </Form>
  );
}
