import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { armDevice } from '../api/arm-device.ts';
import { disarmDevice } from '../api/disarm-device.ts';
import { type CommandRow, getCommandList } from '../api/get-command-list.ts';
import { lockDevice, unlockDevice } from '../api/lock-device.ts';

const POLL_MS = 2000;
const GIVE_UP_MS = 90_000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Arm/disarm (send command), and lock/unlock: the immobiliser's cut and restore (function 83). */
export type DeviceCommand = 'arm' | 'disarm' | 'lock' | 'unlock';

const SEND: Record<DeviceCommand, (deviceId: string, password?: string) => Promise<{ CommandID: number }>> = {
  arm: armDevice,
  disarm: disarmDevice,
  lock: lockDevice,
  unlock: unlockDevice,
};
const DONE: Record<DeviceCommand, string> = {
  arm: 'command.armed',
  disarm: 'command.disarmed',
  lock: 'rowMenu.locked',
  unlock: 'rowMenu.unlocked',
};

/**
 * Arm, disarm, lock or unlock a device, then poll its command list until the device acknowledges
 * (success message, spec section 4) or the command fails or times out.
 */
export function useDeviceCommand() {
  const { t } = useTranslation('monitor');
  const { message } = App.useApp();
  const [busy, setBusy] = useState<DeviceCommand | null>(null);

  /** `password`: lock and unlock send the user's own password again (the server checks it). */
  async function run(kind: DeviceCommand, deviceId: string, password?: string) {
    const key = `command-${deviceId}`;
    setBusy(kind);
    try {
      const { CommandID } = await SEND[kind](deviceId, password);
      void message.loading({ key, content: t('command.sending'), duration: 0 });
      const until = Date.now() + GIVE_UP_MS;
      let row: CommandRow | undefined;
      while (Date.now() < until) {
        await wait(POLL_MS);
        row = (await getCommandList(deviceId)).find((c) => c.CommandID === CommandID);
        if (row && row.Status !== 'queued' && row.Status !== 'sent') break;
      }
      if (row?.Status === 'acknowledged') void message.success({ key, content: t(DONE[kind]) });
      // A device that never answered fails with 'timeout' (and one that never connected expires): "send failed retry".
      else if (row?.Status === 'failed' && row.Result !== 'timeout')
        void message.error({ key, content: t('command.failed', { result: row.Result ?? '' }) });
      else if (row?.Status === 'failed' || row?.Status === 'expired' || row?.Status === 'cancelled')
        void message.error({ key, content: t('command.timedOut') });
      else void message.warning({ key, content: t('command.noAnswer') });
    } catch {
      message.destroy(key); // the client already showed the server's message
    } finally {
      setBusy(null);
    }
  }

  return { busy, run };
}
