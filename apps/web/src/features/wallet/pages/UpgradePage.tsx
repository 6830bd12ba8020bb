import '../wallet.css';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import type { VipDeviceRow } from '../api/vip.ts';
import { DevicePicker } from '../components/DevicePicker.tsx';
import { PricesBar } from '../components/PricesBar.tsx';
import { UpgradeForm } from '../components/UpgradeForm.tsx';

/** /vip/upgrade (73): choose devices, a period and when it takes effect; pay the quote from the wallet. */
export default function UpgradePage() {
  const { t } = useTranslation('wallet');
  const [selected, setSelected] = useState<VipDeviceRow[]>([]);
  const [unit, setUnit] = useState<number | undefined>();
  const keyword = useSearchParams()[0].get('Keyword')?.trim() || undefined;
  return (
    <PageLayout title={t('menu:upgrade')}>
      <div className="wallet-upgrade">
        <Card size="small" title={t('devices.title', { count: selected.length })}>
          <PricesBar holdId={unit} />
          <DevicePicker
            key={keyword ?? ''}
            keyword={keyword}
            selected={selected}
            onChange={setSelected}
            onUnit={setUnit}
          />
        </Card>
        <UpgradeForm devices={selected} onDone={() => setSelected([])} />
      </div>
    </PageLayout>
  );
}
