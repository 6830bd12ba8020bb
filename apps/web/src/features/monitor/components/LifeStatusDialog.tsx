import type { MonitorRow } from '@lodestar/contract/monitor';
import { VEHICLE_LIFE_KEYS, VEHICLE_LIFE_STATUSES, type VehicleLifeStatus } from '@lodestar/domain';
import { App, Descriptions, Modal, Radio, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetLifeStatus } from '../api/set-life-status.ts';
import { useMonitorStore } from '../live/monitor-store.ts';
import { lifeColour, lifeKey, lifeLabel } from './life-status.ts';

/**
 * Policy management (function 163) from the row-action menu: the VehicleLifeStatus of the vehicle
 * bound to the device, and a change of it.
 */
export function LifeStatusDialog({ device, onClose }: { device: MonitorRow | null; onClose: () => void }) {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const save = useSetLifeStatus();
  const current = (device?.VehicleLifeStatus ?? null) as VehicleLifeStatus | null;
  const [choice, setChoice] = useState<VehicleLifeStatus | null>(current);
  useEffect(() => setChoice(current), [current]);
  const key = lifeKey(current);

  const submit = async () => {
    if (!device || choice === null) return;
    const r = await save.mutateAsync({ DeviceID: device.DeviceID, VehicleLifeStatus: choice });
    useMonitorStore.getState().patchRow(device.DeviceID, { VehicleLifeStatus: r.VehicleLifeStatus });
    void message.success(t('lifeStatus.saved', { plate: r.Plate, status: lifeLabel(t, VEHICLE_LIFE_KEYS[choice]) }));
    onClose();
  };

  return (
    <Modal
      open={device !== null}
      title={t('lifeStatus.title')}
      onOk={() => void submit().catch(() => {})}
      onCancel={onClose}
      okText={t('lifeStatus.save')}
      okButtonProps={{ disabled: choice === null || choice === current }}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      className="life-status-dialog"
      destroyOnHidden
    >
      {device ? (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'plate', label: t('lifeStatus.plate'), children: device.Plate || '—' },
              { key: 'device', label: t('details.DeviceID'), children: `${device.DeviceID} (${device.DeviceName})` },
              {
                key: 'current',
                label: t('lifeStatus.current'),
                children: key ? (
                  <Tag color={lifeColour(key)} className="life-status-current">
                    {lifeLabel(t, key)}
                  </Tag>
                ) : (
                  '—'
                ),
              },
            ]}
          />
          <div className="life-status-choose">
            <div className="muted">{t('lifeStatus.change')}</div>
            <Radio.Group
              value={choice}
              onChange={(e) => setChoice(e.target.value as VehicleLifeStatus)}
              optionType="button"
              buttonStyle="solid"
              options={VEHICLE_LIFE_STATUSES.map((s) => ({
                value: s,
                label: lifeLabel(t, VEHICLE_LIFE_KEYS[s]),
                className: `life-option-${VEHICLE_LIFE_KEYS[s]}`,
              }))}
            />
          </div>
        </>
      ) : null}
    </Modal>
  );
}
