import type { MoveResult } from '@lodestar/contract/moves';
import { Alert, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Vehicle = MoveResult['Vehicles'][number];
type Device = MoveResult['Devices'][number];
type Sim = MoveResult['Sims'][number];

/** Long lists scroll inside the dialog instead of stretching it. */
const SCROLL = { y: 200 };

/** "2 devices and 1 SIM card": only what moves, in the language's own list form. */
export function movedText(t: TFunction<'moves'>, r: MoveResult): string {
  const parts = (['vehicles', 'devices', 'sims'] as const)
    .map((k) => [k, { vehicles: r.Vehicles, devices: r.Devices, sims: r.Sims }[k].length] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => t(`part.${k}`, { count: n }));
  if (parts.length < 2) return parts.join('');
  return `${parts.slice(0, -1).join(t('join'))}${t('joinLast')}${parts.at(-1)}`;
}

export const movesSomething = (r: MoveResult) => r.Vehicles.length + r.Devices.length + r.Sims.length > 0;

/** What a move takes along, from the server's answer: the preview before confirming (DryRun) and the result. */
export function MovePreview({ result }: { result: MoveResult }) {
  const { t } = useTranslation('moves');
  const vehicleColumns: ColumnsType<Vehicle> = [
    { key: 'plate', title: t('col.plate'), dataIndex: 'Plate' },
    { key: 'from', title: t('col.from'), dataIndex: 'FromHoldName' },
  ];
  const deviceColumns: ColumnsType<Device> = [
    { key: 'id', title: t('col.deviceId'), dataIndex: 'DeviceID', className: 'move-mono', width: 170 },
    { key: 'name', title: t('col.deviceName'), dataIndex: 'DeviceName', ellipsis: true },
    { key: 'from', title: t('col.from'), dataIndex: 'FromHoldName', ellipsis: true },
    {
      key: 'object',
      title: t('col.object'),
      render: (_v, d) => (d.ObjectName ? `${t(`object.${d.ObjectType}`)} · ${d.ObjectName}` : '—'),
      ellipsis: true,
    },
    {
      key: 'note',
      title: t('col.note'),
      width: 200,
      render: (_v, d) =>
        d.Unbound ? (
          <Tag color="warning">{d.ObjectName ? t('unbound', { plate: d.ObjectName }) : t('unboundNoPlate')}</Tag>
        ) : d.Along ? (
          <Tag color="processing">{t('along')}</Tag>
        ) : d.ObjectType !== 'vehicle' && d.ObjectName ? (
          <Tag>{t('objectAlong')}</Tag>
        ) : null,
    },
  ];
  const simColumns: ColumnsType<Sim> = [
    { key: 'iccid', title: t('col.iccid'), dataIndex: 'ICCID', className: 'move-mono', width: 210 },
    { key: 'msisdn', title: t('col.msisdn'), dataIndex: 'MSISDN', className: 'move-mono' },
    { key: 'device', title: t('col.device'), dataIndex: 'DeviceID', className: 'move-mono' },
    { key: 'from', title: t('col.from'), dataIndex: 'FromHoldName', ellipsis: true },
  ];

  const something = movesSomething(result);
  return (
    <div className="move-preview" data-testid="move-preview">
      <Alert
        type={something ? 'info' : 'warning'}
        showIcon
        data-testid="move-summary"
        title={
          something
            ? t('summary', { what: movedText(t, result), unit: result.HoldName })
            : t('nothing', { unit: result.HoldName })
        }
        description={
          <>
            {result.AlreadyThere > 0 ? <div>{t('alreadyThere', { count: result.AlreadyThere })}</div> : null}
            {result.Sims.length > 0 ? <div>{t('simNote')}</div> : null}
          </>
        }
      />
      {result.Vehicles.length > 0 ? (
        <section>
          <Typography.Title level={5}>{`${t('vehicles')} (${result.Vehicles.length})`}</Typography.Title>
          <Table<Vehicle>
            size="small"
            rowKey="VehicleID"
            columns={vehicleColumns}
            dataSource={result.Vehicles}
            pagination={false}
            scroll={SCROLL}
            data-testid="move-vehicles"
          />
        </section>
      ) : null}
      {result.Devices.length > 0 ? (
        <section>
          <Typography.Title level={5}>{`${t('devices')} (${result.Devices.length})`}</Typography.Title>
          <Table<Device>
            size="small"
            rowKey="DeviceID"
            columns={deviceColumns}
            dataSource={result.Devices}
            pagination={false}
            scroll={SCROLL}
            data-testid="move-devices"
          />
        </section>
      ) : null}
      {result.Sims.length > 0 ? (
        <section>
          <Typography.Title level={5}>{`${t('sims')} (${result.Sims.length})`}</Typography.Title>
          <Table<Sim>
            size="small"
            rowKey="SimID"
            columns={simColumns}
            dataSource={result.Sims}
            pagination={false}
            scroll={SCROLL}
            data-testid="move-sims"
          />
        </section>
      ) : null}
    </div>
  );
}
