import { CheckCircleFilled, ClockCircleOutlined, DisconnectOutlined } from '@ant-design/icons';
import type { TaskDevice } from '@lodestar/contract/install';
import { useTranslation } from 'react-i18next';

/** Live proof of a fitted device: proven (a valid fix since work started), online waiting for one, or not yet. */
export function DeviceState({ device }: { device: TaskDevice | undefined }) {
  const { t } = useTranslation('install-phone');
  const state = device?.Proven ? 'proven' : device?.Online ? 'online' : 'offline';
  const icon =
    state === 'proven' ? <CheckCircleFilled /> : state === 'online' ? <ClockCircleOutlined /> : <DisconnectOutlined />;
  return (
    <div className={`ip-device-state ip-state-${state}`} data-state={state}>
      <span className="ip-state-label">
        {icon} {t(`devices.${state}`)}
      </span>
      <span className="ip-state-fix">
        {device?.LastFix ? t('devices.lastFix', { time: device.LastFix.Time.slice(5) }) : t('devices.noFix')}
      </span>
    </div>
  );
}
