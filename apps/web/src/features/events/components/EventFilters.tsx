import { DatePicker, Form, Input, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { userNow } from '../../../lib/user-time.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import type { EventFilterInput } from '../api/get-event-list.ts';
import { EVENT_GROUPS, eventLabel } from '../event-types.ts';

const FMT = 'YYYY-MM-DD HH:mm:ss';

export interface EventForm {
  Range: [Dayjs | null, Dayjs | null] | null;
  HoldID?: number | undefined;
  DeviceID?: string | undefined;
  Types?: string[] | undefined;
  AlarmOnly?: boolean | undefined;
}

/** Today in the user's zone, from midnight to the end of the day (the browser may sit in another zone). */
export const todayForm = (timeZone: string | undefined, seed: Partial<EventForm> = {}): EventForm => {
  const now = userNow(timeZone);
  return { Range: [now.startOf('day'), now.endOf('day')], AlarmOnly: false, ...seed };
};

/** The form as the call's filters; a fence or road chosen elsewhere (the address) rides along. */
export const toFilters = (v: EventForm, zone: Pick<EventFilterInput, 'FenceID' | 'RoadID'>): EventFilterInput => ({
  StartTime: v.Range?.[0]?.format(FMT) ?? '',
  EndTime: v.Range?.[1]?.format(FMT) ?? '',
  ...(v.HoldID !== undefined && { HoldID: v.HoldID }),
  ...(v.DeviceID?.trim() && { DeviceID: v.DeviceID.trim() }),
  ...(v.Types?.length && { Types: v.Types as EventFilterInput['Types'] }),
  ...(v.AlarmOnly && { Alarm: true }),
  ...(zone.FenceID !== undefined && { FenceID: zone.FenceID }),
  ...(zone.RoadID !== undefined && { RoadID: zone.RoadID }),
});

/** The event list's filters: period, unit, device, types (grouped), alarms only. */
export function EventFilters({ initial, onSearch }: { initial: EventForm; onSearch: (v: EventForm) => void }) {
  const { t } = useTranslation('events');
  const typeOptions = useMemo(
    () =>
      (Object.keys(EVENT_GROUPS) as (keyof typeof EVENT_GROUPS)[]).map((group) => ({
        label: t(`group.${group}`),
        title: t(`group.${group}`),
        options: EVENT_GROUPS[group].map((type) => ({ value: type, label: eventLabel(t, type) })),
      })),
    [t],
  );
  return (
    <FilterForm<EventForm> name="events" initialValues={initial} onSearch={onSearch}>
      <Form.Item name="Range" label={t('filter.range')}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm:ss' }} format={FMT} allowClear={false} />
      </Form.Item>
      <Form.Item name="HoldID" label={t('filter.hold')}>
        <HoldTreeSelect placeholder={t('filter.holdPlaceholder')} className="events-hold" />
      </Form.Item>
      <Form.Item name="DeviceID" label={t('filter.device')}>
        <Input allowClear placeholder={t('filter.devicePlaceholder')} className="events-device" maxLength={32} />
      </Form.Item>
      <Form.Item name="Types" label={t('filter.types')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('filter.typesPlaceholder')}
          options={typeOptions}
          optionFilterProp="label"
          className="events-types"
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="AlarmOnly" label={t('filter.alarmOnly')} valuePropName="checked">
        <Switch className="events-alarm-only" />
      </Form.Item>
    </FilterForm>
  );
}
