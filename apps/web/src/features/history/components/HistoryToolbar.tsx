import { PrinterOutlined } from '@ant-design/icons';
import type { MonitorRow } from '@lodestar/contract/monitor';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HistoryChoice, historyHref, PRINT_PATH } from '../history-url.ts';
import { vipRuns } from '../period.ts';
import { DevicePicker } from './DevicePicker.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';

interface Props {
  choice: HistoryChoice;
  onChange: (next: HistoryChoice) => void;
}

/** Devices, period, export and the evidence page: everything the URL carries is chosen here. */
export function HistoryToolbar({ choice, onChange }: Props) {
  const { t } = useTranslation('history');
  const [rows, setRows] = useState<Map<string, MonitorRow>>(new Map());
  const onRows = useCallback((r: Map<string, MonitorRow>) => setRows(r), []);
  // The period must suit every device shown: VIP's 90 days only when each of them has it.
  const vip = choice.devices.length > 0 && choice.devices.every((id) => vipRuns(rows.get(id)?.VipExpiry));
  const none = choice.devices.length === 0;
  return (
    <div className="history-toolbar">
      <DevicePicker value={choice.devices} onChange={(devices) => onChange({ ...choice, devices })} onRows={onRows} />
      <div className="history-toolbar-actions">
        <ExportMenu choice={choice} disabled={none} />
        <Button
          icon={<PrinterOutlined />}
          className="history-print"
          disabled={none}
          href={historyHref(choice, PRINT_PATH)}
          target="_blank"
        >
          {t('print.button')}
        </Button>
      </div>
      <PeriodPicker value={choice} vip={vip} onChange={(p) => onChange({ ...choice, ...p })} />
    </div>
  );
}
