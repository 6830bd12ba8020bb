import {
  AimOutlined,
  AlertOutlined,
  CodeOutlined,
  EllipsisOutlined,
  HistoryOutlined,
  InfoCircleOutlined,
  LockOutlined,
  MessageOutlined,
  NodeIndexOutlined,
  PoweroffOutlined,
  SafetyCertificateOutlined,
  StarFilled,
  StarOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { Fn, supportsCommand } from '@lodestar/domain';
import { Dropdown, type MenuProps } from 'antd';
import { type ButtonHTMLAttributes, type Ref, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFunctionSet } from '../../../store/session.ts';

/** What the row-action menu asks the page to do with a device. */
export type RowAction =
  | 'details'
  | 'follow'
  | 'trail'
  | 'history'
  | 'liveTrack'
  | 'release'
  | 'arm'
  | 'disarm'
  | 'activate'
  | 'lock'
  | 'unlock'
  | 'policy'
  | 'message'
  | 'command';

interface Props {
  row: MonitorRow;
  label: string;
  onAction: (action: RowAction, row: MonitorRow) => void;
}

/**
 * The "more" button of a device row. Until it is first clicked it is a plain button: the antd
 * Dropdown, and the function checks behind its items, are built only for a row whose menu was
 * opened, so a burst of live updates re-rendering the rows in view stays cheap.
 */
export function RowActions({ row, label, onAction }: Props) {
  const [armed, setArmed] = useState(false);
  if (!armed) return <MoreButton label={label} onClick={() => setArmed(true)} />;
  return <RowMenu row={row} label={label} onAction={onAction} />;
}

/** A plain button; as the Dropdown's trigger it takes the ref and handlers the Dropdown gives it. */
function MoreButton({
  label,
  className,
  ...rest
}: { label: string; ref?: Ref<HTMLButtonElement> } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-haspopup="menu"
      {...rest}
      className={className ? `row-more ${className}` : 'row-more'}
    >
      <EllipsisOutlined />
    </button>
  );
}

/** The menu itself: the common actions, then the extras of functions 76, 83 and 163 (spec section 6). */
function RowMenu({ row, label, onAction }: Props) {
  const { t } = useTranslation('monitor');
  const funs = useFunctionSet();
  // Opened once mounted: a Dropdown created open has no laid-out trigger to align its popup to yet.
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(true), []);
  const hasAlarm = row.Alarms.length > 0 || row.Status === 'alarm';
  const items: NonNullable<MenuProps['items']> = [
    { key: 'details', icon: <InfoCircleOutlined />, label: t('rowMenu.details') },
    {
      key: 'follow',
      icon: row.Followed ? <StarFilled /> : <StarOutlined />,
      label: t(row.Followed ? 'actions.unfollow' : 'actions.follow'),
    },
    { key: 'trail', icon: <NodeIndexOutlined />, label: t('actions.trail') },
  ];
  if (funs.has(Fn.playback)) items.push({ key: 'history', icon: <HistoryOutlined />, label: t('rowMenu.history') });
  if (funs.has(Fn.trackQuery)) items.push({ key: 'liveTrack', icon: <AimOutlined />, label: t('rowMenu.liveTrack') });
  if (hasAlarm && funs.has(Fn.releaseAlarm))
    items.push({ key: 'release', icon: <AlertOutlined />, label: t('actions.releaseAlarm'), danger: true });
  // What the device's protocol cannot carry is shown disabled, with the reason (the server refuses it too).
  const unsupported = (type: string) =>
    supportsCommand(row.Protocol, type)
      ? {}
      : { disabled: true, title: t('rowMenu.unsupported', { protocol: row.Protocol }) };
  if (funs.has(Fn.sendMessage))
    items.push({ key: 'message', icon: <MessageOutlined />, label: t('messages:dialog.title') });
  if (funs.has(Fn.sendCommand))
    items.push(
      { key: 'command', icon: <CodeOutlined />, label: t('commands:send.open') },
      { key: 'arm', icon: <LockOutlined />, label: t('actions.arm'), ...unsupported('arm') },
      { key: 'disarm', icon: <UnlockOutlined />, label: t('actions.disarm'), ...unsupported('disarm') },
    );
  const extras: NonNullable<MenuProps['items']> = [];
  if (funs.has(Fn.activate))
    extras.push({
      key: 'activate',
      icon: <PoweroffOutlined />,
      label: t('rowMenu.activate'),
      // Only a device that is not activated yet (never reported, never activated) can be.
      disabled: row.State !== 'inactivated',
      title: row.State !== 'inactivated' ? t('rowMenu.activatedAlready') : undefined,
    });
  if (funs.has(Fn.lockUnlock))
    extras.push(
      { key: 'lock', icon: <LockOutlined />, label: t('rowMenu.lock'), danger: true, ...unsupported('engineStop') },
      { key: 'unlock', icon: <UnlockOutlined />, label: t('rowMenu.unlock'), ...unsupported('engineResume') },
    );
  if (funs.has(Fn.policyManage) && row.VehicleLifeStatus != null)
    extras.push({ key: 'policy', icon: <SafetyCertificateOutlined />, label: t('rowMenu.policy') });
  if (extras.length) items.push({ type: 'divider' }, ...extras);

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        className: 'row-menu',
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          setOpen(false);
          onAction(key as RowAction, row);
        },
      }}
    >
      <MoreButton label={label} />
    </Dropdown>
  );
}
