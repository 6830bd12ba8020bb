import type { MonitorRow } from '@lodestar/contract/monitor';
import { App, Input } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import { historyHref } from '../../history/history-url.ts';
import { todaySoFar } from '../../history/period.ts';
import { activateDevice } from '../api/activate-device.ts';
import type { RowAction } from '../components/RowActions.tsx';
import { useMonitorStore } from '../live/monitor-store.ts';
import { useDeviceCommand } from './use-device-command.ts';

/** The live track page of one device (features/live-track). */
export const liveTrackUrl = (id: string) => `/monitor/track?${new URLSearchParams({ device: id })}`;

export interface RowActionTargets {
  select: (id: string) => void;
  follow: (row: MonitorRow) => void;
  trail: (id: string) => void;
  release: (row: MonitorRow) => void;
  policy: (row: MonitorRow) => void;
  /** The send-message dialog, or the command dialog, for this one device. */
  message: (row: MonitorRow) => void;
  command: (row: MonitorRow) => void;
}

/**
 * What the row-action menu's items do. Activation and the immobiliser ask for confirmation first
 * (lock stops a vehicle); commands end with the device's acknowledgement as arm/disarm do. The
 * returned callback never changes, so the memoised rows do not re-render for it.
 */
export function useRowActions(targets: RowActionTargets): (action: RowAction, row: MonitorRow) => void {
  const { t } = useTranslation('monitor');
  const { modal, message } = App.useApp();
  const command = useDeviceCommand();
  const navigate = useNavigate();
  const timeZone = useUserTimeZone();

  const handle = (action: RowAction, row: MonitorRow) => {
    const id = row.DeviceID;
    const name = row.DeviceName || id;
    switch (action) {
      case 'details':
        return targets.select(id);
      case 'follow':
        return targets.follow(row);
      case 'trail':
        return targets.trail(id);
      case 'history':
        // Today so far, in the user's zone: the replay page reads the same choice from its URL.
        return navigate(historyHref({ devices: [id], ...todaySoFar(timeZone) }));
      case 'liveTrack':
        // Its own tab, so the monitor stays as it was; noopener: the new page gets no handle on this one.
        return void window.open(liveTrackUrl(id), '_blank', 'noopener');
      case 'release':
        return targets.release(row);
      case 'policy':
        return targets.policy(row);
      case 'message':
        return targets.message(row);
      case 'command':
        return targets.command(row);
      case 'arm':
      case 'disarm':
        return void command.run(action, id);
      case 'activate':
        return void modal.confirm({
          title: t('rowMenu.activateTitle', { name }),
          content: t('rowMenu.activateConfirm'),
          okText: t('rowMenu.activate'),
          cancelText: t('common:cancel'),
          className: 'activate-confirm',
          onOk: async () => {
            try {
              const r = await activateDevice(id);
              useMonitorStore.getState().patchRow(id, { State: r.State, ActivateTime: r.ActivateTime });
              void message.success(t('rowMenu.activated', { name, time: r.ActivateTime }));
            } catch {
              // the API client already showed the server's message
            }
          },
        });
      case 'lock':
      case 'unlock': {
        // Cutting or restoring fuel and power asks for the user's own password again (checked by the server).
        let password = '';
        return void modal.confirm({
          title: t(action === 'lock' ? 'rowMenu.lockTitle' : 'rowMenu.unlockTitle', { name }),
          content: (
            <>
              <p>{t(action === 'lock' ? 'rowMenu.lockConfirm' : 'rowMenu.unlockConfirm')}</p>
              <Input.Password
                className="immobiliser-password"
                placeholder={t('commands:form.password')}
                autoComplete="current-password"
                onChange={(e) => {
                  password = e.target.value;
                }}
              />
            </>
          ),
          okText: t(action === 'lock' ? 'rowMenu.lockOk' : 'rowMenu.unlockOk'),
          okButtonProps: { danger: action === 'lock' },
          cancelText: t('common:cancel'),
          className: `${action}-confirm`,
          onOk: () => {
            if (!password) {
              void message.warning(t('commands:form.passwordRequired'));
              return Promise.reject(new Error('password required'));
            }
            void command.run(action, id, password);
          },
        });
      }
    }
  };
  const latest = useRef(handle);
  latest.current = handle;
  return useCallback((action: RowAction, row: MonitorRow) => latest.current(action, row), []);
}
