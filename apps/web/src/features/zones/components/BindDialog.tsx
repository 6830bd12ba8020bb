import { ZONE_LIMITS } from '@lodestar/domain';
import { Alert, App, Checkbox, Modal, Radio, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { useMonitorList } from '../../monitor/api/get-monitor-list.ts';
import { KEYWORD_DEBOUNCE_MS, keywordOf } from '../../monitor/components/DeviceSearch.tsx';
import type { BindResult } from '../api/bind-fence-devices.ts';

export interface BindRequest {
  DeviceIDs?: string[];
  HoldID?: number;
  Push: boolean;
}

interface Props {
  open: boolean;
  /** The fence or road named in the title. */
  name: string;
  onBind: (request: BindRequest) => Promise<BindResult>;
  onClose: () => void;
}

/** Options shown for a keyword: the monitor list answers up to 500 rows; a dropdown is read in its first screens. */
const SHOWN = 50;

/**
 * Binds devices to a fence or road: several found by a part of their ID, plate or name (the monitor's list
 * call, the caller's whole subtree), or every device of a unit. "Also write to the terminals" pushes the
 * zone to JT/T 808 devices. Models that are not full-function are bound but named afterwards (spec section 9);
 * a refusal (a device's VIP expired) shows as the server words it.
 */
export function BindDialog({ open, name, onBind, onClose }: Props) {
  const { t } = useTranslation('zones');
  const { message, modal } = App.useApp();
  const [mode, setMode] = useState<'devices' | 'unit'>('devices');
  const [devices, setDevices] = useState<string[]>([]);
  const [holdId, setHoldId] = useState<number | undefined>();
  const [push, setPush] = useState(false);
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(keywordOf(text)), text ? KEYWORD_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!open) return;
    setDevices([]);
    setHoldId(undefined);
    setError('');
  }, [open]);
  const found = useMonitorList({ Keyword: keyword || undefined, Status: 'all' });

  const submit = async () => {
    const request: BindRequest =
      mode === 'devices' ? { DeviceIDs: devices, Push: push } : { HoldID: holdId, Push: push };
    if (mode === 'devices' ? !devices.length : holdId === undefined) {
      setError(t('bind.selectTarget'));
      return;
    }
    setSaving(true);
    setError('');
    try {
      const result = await onBind(request);
      message.success(t('bind.done', { bound: result.Bound, pushed: result.Pushed }));
      if (result.NotFullFunction.length)
        modal.warning({
          title: t('bind.notFullTitle'),
          content: (
            <div className="bind-not-full" data-testid="not-full-function">
              <p>{t('bind.notFull')}</p>
              <p className="mono">{result.NotFullFunction.join(', ')}</p>
            </div>
          ),
          okText: t('common:ok'),
        });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('bind.title', { name })}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={t('bind.ok')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      width={560}
      className="zone-bind-dialog"
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} className="zone-bind-error" /> : null}
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          optionType="button"
          options={[
            { value: 'devices', label: t('bind.byDevice') },
            { value: 'unit', label: t('bind.byUnit') },
          ]}
        />
        {mode === 'devices' ? (
          <Select
            mode="multiple"
            className="zone-bind-devices"
            style={{ width: '100%' }}
            value={devices}
            onChange={(ids: string[]) => {
              setText('');
              setDevices(ids.slice(0, ZONE_LIMITS.bindMax));
            }}
            showSearch={{ filterOption: false, onSearch: setText, searchValue: text }}
            loading={found.isFetching}
            placeholder={t('bind.devicePlaceholder')}
            notFoundContent={found.isFetching ? t('common:loading') : t('bind.noDevice')}
            options={(found.data?.rows ?? []).slice(0, SHOWN).map((r) => ({
              value: r.DeviceID,
              label: (
                <span className="zone-bind-option" data-id={r.DeviceID}>
                  {r.DeviceName || r.DeviceID}
                  <span className="muted">
                    {' '}
                    {r.DeviceID}
                    {r.Plate ? ` · ${r.Plate}` : ''}
                  </span>
                </span>
              ),
            }))}
            maxCount={ZONE_LIMITS.bindMax}
          />
        ) : (
          <HoldTreeSelect
            value={holdId}
            onChange={setHoldId}
            placeholder={t('bind.unitPlaceholder')}
            style={{ width: '100%' }}
          />
        )}
        <Checkbox checked={push} onChange={(e) => setPush(e.target.checked)} className="zone-bind-push">
          {t('bind.push')}
        </Checkbox>
        <div className="muted">{t('bind.vipNote')}</div>
      </Space>
    </Modal>
  );
}
