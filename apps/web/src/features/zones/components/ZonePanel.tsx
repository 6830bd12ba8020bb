import { DeleteOutlined, EditOutlined, LinkOutlined } from '@ant-design/icons';
import type { ZoneDevice } from '@lodestar/contract/zones';
import { Button, Descriptions, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ZoneDevices } from './ZoneDevices.tsx';
import { ZoneEvents } from './ZoneEvents.tsx';

interface Props {
  name: string | undefined;
  loading: boolean;
  facts: { label: string; value: ReactNode }[];
  devices: readonly ZoneDevice[];
  zone: { FenceID: number } | { RoadID: number };
  onEdit: () => void;
  onBind: () => void;
  onRemove: () => void;
  onUnbind: (deviceId: string) => Promise<unknown>;
}

/** The chosen fence or road: its settings, its devices (bind, unbind) and its recent events. */
export function ZonePanel({ name, loading, facts, devices, zone, onEdit, onBind, onRemove, onUnbind }: Props) {
  const { t } = useTranslation('zones');
  return (
    <div className="zone-panel" data-testid="zone-panel">
      <div className="zone-panel-head">
        <h3 className="zone-panel-name">{name ?? <Spin size="small" />}</h3>
        <Space size={4} wrap>
          <Button size="small" icon={<EditOutlined />} onClick={onEdit} className="zone-edit">
            {t('panel.edit')}
          </Button>
          <Button size="small" type="primary" icon={<LinkOutlined />} onClick={onBind} className="zone-bind">
            {t('panel.bind')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove} className="zone-remove-one">
            {t('panel.remove')}
          </Button>
        </Space>
      </div>
      <Descriptions
        size="small"
        column={1}
        items={facts.map((f, i) => ({ key: i, label: f.label, children: f.value }))}
      />
      <div className="zone-section-head">
        <span>{t('panel.devices', { count: devices.length })}</span>
      </div>
      <ZoneDevices devices={devices} loading={loading} onUnbind={onUnbind} />
      <ZoneEvents zone={zone} />
    </div>
  );
}
