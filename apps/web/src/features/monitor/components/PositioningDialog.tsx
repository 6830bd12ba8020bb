import { Empty, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CellTower, DeviceDetail, WifiPoint } from '../api/get-device-detail.ts';
import '../device-detail.css';

const TYPE_COLOR = { gps: 'green', lbs: 'blue', wifi: 'purple' } as const;

/** The cell / LBS / Wi-Fi positioning detail dialog (spec section 2): how the device is located and by what. */
export function PositioningDialog({
  open,
  name,
  detail,
  onClose,
}: {
  open: boolean;
  name: string;
  detail: DeviceDetail | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('monitor');
  const p = detail?.Positioning;
  const dash = '—';
  return (
    <Modal
      open={open}
      title={t('positioning.title', { name })}
      onCancel={onClose}
      footer={null}
      width={620}
      className="positioning-dialog"
      destroyOnHidden
    >
      {p ? (
        <>
          <div className="positioning-type">
            <span className="muted">{t('positioning.type')}</span>
            <Tag color={TYPE_COLOR[p.Type]} bordered={false} data-type={p.Type}>
              {t(`positioning.types.${p.Type}`)}
            </Tag>
          </div>
          {p.Cells.length === 0 && p.Wifi.length === 0 ? (
            <Empty
              className="positioning-none"
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('positioning.none')}
            />
          ) : (
            <>
              <h4 className="positioning-heading">{t('positioning.cells', { count: p.Cells.length })}</h4>
              <Table<CellTower>
                className="positioning-cells"
                size="small"
                pagination={false}
                rowKey={(c) => `${c.MCC}/${c.MNC}/${c.LAC}/${c.CellID}`}
                dataSource={p.Cells}
                locale={{ emptyText: t('positioning.noCells') }}
                columns={[
                  { key: 'mcc', title: 'MCC', dataIndex: 'MCC' },
                  { key: 'mnc', title: 'MNC', dataIndex: 'MNC' },
                  { key: 'lac', title: 'LAC', dataIndex: 'LAC' },
                  { key: 'cid', title: t('positioning.cellId'), dataIndex: 'CellID' },
                  { key: 'sig', title: t('positioning.signal'), render: (_, c) => c.Signal ?? dash },
                ]}
              />
              <h4 className="positioning-heading">{t('positioning.wifi', { count: p.Wifi.length })}</h4>
              <Table<WifiPoint>
                className="positioning-wifi"
                size="small"
                pagination={false}
                rowKey="MAC"
                dataSource={p.Wifi}
                locale={{ emptyText: t('positioning.noWifi') }}
                columns={[
                  { key: 'mac', title: t('positioning.mac'), render: (_, w) => <span className="mono">{w.MAC}</span> },
                  {
                    key: 'rssi',
                    title: t('positioning.rssi'),
                    render: (_, w) => t('positioning.dbm', { value: w.RSSI }),
                  },
                ]}
              />
            </>
          )}
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.loading')} />
      )}
    </Modal>
  );
}
