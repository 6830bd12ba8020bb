import '../photos.css';
import { CameraOutlined } from '@ant-design/icons';
import type { PhotoListInput } from '@lodestar/contract/photos';
import { Fn, PHOTO_LIST_MAX } from '@lodestar/domain';
import { Alert, Button, DatePicker, Empty, Form, Input, InputNumber, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { FilterForm } from '../../../components/table/FilterForm.tsx';
import { userNow, useUserTimeZone } from '../../../lib/user-time.ts';
import { useFunctionSet, useSession } from '../../../store/session.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { type PhotoRow, usePhotoList } from '../api/photos.ts';
import { PhotoGrid } from '../components/PhotoGrid.tsx';
import { PhotoViewer } from '../components/PhotoViewer.tsx';
import { TakePhotoDialog } from '../components/TakePhotoDialog.tsx';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface Filters {
  Range: [Dayjs | null, Dayjs | null] | null;
  HoldID?: number | undefined;
  DeviceID?: string | undefined;
  Channel?: number | null | undefined;
}

const toInput = (f: Filters): PhotoListInput => ({
  StartTime: f.Range?.[0]?.format(FMT) ?? '',
  EndTime: f.Range?.[1]?.format(FMT) ?? '',
  ...(f.HoldID !== undefined && { HoldID: f.HoldID }),
  ...(f.DeviceID?.trim() && { DeviceID: f.DeviceID.trim() }),
  ...(f.Channel != null && { Channel: f.Channel }),
});

/** /monitor/photo (fn 37): what the terminals' cameras took, newest 300 at most, with a viewer; take a photo (49). */
export default function PhotoPage() {
  const { t } = useTranslation('photos');
  const timeZone = useUserTimeZone();
  const treeHold = useSession((s) => s.currentHoldId);
  const funs = useFunctionSet();
  const [initial] = useState<Filters>(() => {
    const now = userNow(timeZone);
    return { Range: [now.startOf('day'), now.endOf('day')], HoldID: treeHold ?? undefined };
  });
  const [filters, setFilters] = useState(initial);
  const list = usePhotoList(toInput(filters));
  const [open, setOpen] = useState<PhotoRow | null>(null);
  const [taking, setTaking] = useState(false);
  const rows = list.data?.Rows ?? [];

  return (
    <PageLayout
      title={t('title')}
      extra={
        funs.has(Fn.targetImage) && funs.has(Fn.sendCommand) ? (
          <Button type="primary" icon={<CameraOutlined />} className="take-photo" onClick={() => setTaking(true)}>
            {t('take.open')}
          </Button>
        ) : null
      }
    >
      <div className="photo-page">
        <FilterForm<Filters> name="photos" initialValues={initial} onSearch={setFilters}>
          <Form.Item name="Range" label={t('filter.range')}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm:ss' }} format={FMT} allowClear={false} />
          </Form.Item>
          <Form.Item name="HoldID" label={t('filter.hold')}>
            <HoldTreeSelect className="photos-hold" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="DeviceID" label={t('filter.device')}>
            <Input allowClear className="photos-device" maxLength={32} />
          </Form.Item>
          <Form.Item name="Channel" label={t('filter.channel')}>
            <InputNumber className="photos-channel" min={1} max={255} precision={0} />
          </Form.Item>
        </FilterForm>
        {list.data?.More ? (
          <Alert type="warning" showIcon className="photos-more" title={t('more', { max: PHOTO_LIST_MAX })} />
        ) : null}
        <div className="muted photos-count">{t('count', { count: rows.length })}</div>
        {list.isLoading ? (
          <Spin />
        ) : rows.length ? (
          <PhotoGrid rows={rows} onOpen={setOpen} />
        ) : (
          <Empty description={t('empty')} />
        )}
      </div>
      <PhotoViewer row={open} onClose={() => setOpen(null)} />
      <TakePhotoDialog open={taking} onClose={() => setTaking(false)} />
    </PageLayout>
  );
}
