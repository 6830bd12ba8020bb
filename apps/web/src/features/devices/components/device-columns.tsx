import { type DeviceSortColumn, OBJECT_TYPE_KEYS, type ObjectTypeCode } from '@lodestar/domain';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { PagedColumn } from '../../../components/table/PagedTable.tsx';
import { alarmLabel } from '../../monitor/components/labels.ts';
import type { DeviceInfoRow } from '../api/get-device-list.ts';
import { PlaceCell } from './PlaceCell.tsx';
import { VipExpiry } from './VipExpiry.tsx';

export interface ColumnOptions {
  /** SIM administration is open to the user: a known card links to /manage/sim. */
  simLink: boolean;
  /** The user may reverse-geocode (monitor, playback or track): the place shows an address on demand. */
  geocode: boolean;
  today: string;
}

const dash = <span className="muted">—</span>;
const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? dash : v);

/** Every Device field of spec section 3; sortable keys are Device/GetDeviceList's SortColumn values. */
export function deviceColumns(
  t: TFunction<'devices'>,
  tm: TFunction<'monitor'>,
  o: ColumnOptions,
): PagedColumn<DeviceInfoRow, unknown, DeviceSortColumn>[] {
  return [
    {
      title: t('field.deviceId'),
      dataIndex: 'DeviceID',
      key: 'DeviceID',
      sortable: true,
      width: 170,
      fixed: 'left',
      resizable: false,
      render: (id: string) => <span className="device-mono">{id}</span>,
    },
    {
      title: t('field.deviceName'),
      dataIndex: 'DeviceName',
      key: 'DeviceName',
      sortable: true,
      width: 150,
      ellipsis: true,
    },
    {
      title: t('field.object'),
      key: 'object',
      width: 170,
      render: (_: unknown, r) => (
        <span className="device-object">
          <Tag className="device-type-tag" color={r.ObjectType === 1 ? 'blue' : r.ObjectType === 2 ? 'green' : 'gold'}>
            {t(`objectType.${OBJECT_TYPE_KEYS[r.ObjectType as ObjectTypeCode]}`)}
          </Tag>
          {r.ObjectType === 1 && r.ObjectName ? (
            <Link to={`/info/vehicle?Keyword=${encodeURIComponent(r.ObjectName)}`}>{r.ObjectName}</Link>
          ) : (
            orDash(r.ObjectName)
          )}
        </span>
      ),
    },
    { title: t('field.hold'), dataIndex: 'HoldName', key: 'HoldName', sortable: true, width: 140, ellipsis: true },
    {
      title: t('field.sim'),
      dataIndex: 'SIM',
      key: 'SIM',
      sortable: true,
      width: 190,
      render: (sim: string, r) =>
        r.Sim ? (
          <Tooltip
            title={t('sim.linked', {
              iccid: r.Sim.ICCID,
              state: t(`simState.${r.Sim.State}`),
              expires: r.Sim.ExpiresOn ?? '—',
            })}
          >
            {o.simLink ? (
              <Link to={`/manage/sim?ICCID=${encodeURIComponent(r.Sim.ICCID)}`} data-testid="device-sim-link">
                {sim}
              </Link>
            ) : (
              <span>{sim}</span>
            )}
            <div className="device-sub">
              {t(`simState.${r.Sim.State}`)} · {r.Sim.ExpiresOn ?? '—'}
            </div>
          </Tooltip>
        ) : (
          orDash(sim)
        ),
    },
    { title: t('field.model'), dataIndex: 'Model', key: 'Model', width: 100, render: orDash },
    {
      title: t('field.trackerType'),
      dataIndex: 'TrackerType',
      key: 'TrackerType',
      width: 100,
      render: (v: string) => t(`tracker.${v as 'wired'}`),
    },
    {
      title: t('field.protocol'),
      dataIndex: 'Protocol',
      key: 'Protocol',
      width: 110,
      render: (v: string) => t(`protocol.${v as 'gt06'}`),
    },
    {
      title: t('field.vipExpiry'),
      dataIndex: 'VipExpiry',
      key: 'VipExpiry',
      sortable: true,
      width: 150,
      render: (v: string | null) => <VipExpiry value={v} today={o.today} />,
    },
    { title: t('field.timeZone'), dataIndex: 'TimeZone', key: 'TimeZone', width: 140, ellipsis: true },
    {
      title: t('field.online'),
      dataIndex: 'Online',
      key: 'Online',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="green">{t('online.yes')}</Tag> : <Tag>{t('online.no')}</Tag>),
    },
    {
      title: 'ACC',
      dataIndex: 'Acc',
      key: 'Acc',
      width: 80,
      render: (v: boolean | null) => (v === null ? dash : v ? t('acc.on') : t('acc.off')),
    },
    { title: t('field.gpsTime'), dataIndex: 'GpsTime', key: 'GpsTime', width: 170, render: orDash },
    { title: t('field.receiveTime'), dataIndex: 'ReceiveTime', key: 'ReceiveTime', width: 170, render: orDash },
    {
      title: t('field.speed'),
      dataIndex: 'Speed',
      key: 'Speed',
      width: 100,
      align: 'right',
      render: (v: number | null) => (v === null ? dash : Math.round(v)),
    },
    { title: t('field.mileage'), dataIndex: 'Mileage', key: 'Mileage', width: 110, align: 'right' },
    { title: t('field.oil'), dataIndex: 'Oil', key: 'Oil', width: 90, align: 'right', render: orDash },
    {
      title: t('field.place'),
      key: 'place',
      width: 200,
      render: (_: unknown, r) => <PlaceCell lat={r.Lat} lng={r.Lng} geocode={o.geocode} />,
    },
    {
      title: t('field.battery'),
      dataIndex: 'Battery',
      key: 'Battery',
      width: 90,
      align: 'right',
      render: (v: number | null) => (v === null ? dash : `${Math.round(v)}%`),
    },
    {
      title: t('field.alarms'),
      dataIndex: 'Alarms',
      key: 'Alarms',
      width: 140,
      render: (v: string[]) =>
        v.length ? (
          <span className="device-alarms">
            {v.map((a) => (
              <Tag color="red" key={a}>
                {alarmLabel(tm, a)}
              </Tag>
            ))}
          </span>
        ) : (
          dash
        ),
    },
    { title: t('field.remark'), dataIndex: 'Remark', key: 'Remark', width: 150, ellipsis: true, render: orDash },
    { title: t('field.createTime'), dataIndex: 'CreateTime', key: 'CreateTime', sortable: true, width: 170 },
  ];
}
