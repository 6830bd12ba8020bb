import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { HoldTreeSelect } from '../../holds/components/HoldTreeSelect.tsx';
import { LineTable } from '../components/LineTable.tsx';
import { ProvinceTable } from '../components/ProvinceTable.tsx';

/** /province (function 40): a unit's provinces and default province, what is located where, and lines. */
export default function ProvincePage() {
  const { t } = useTranslation('geo');
  const [holdId, setHoldId] = useState<number | undefined>();
  return (
    <PageLayout
      title={t('province.title')}
      extra={
        <HoldTreeSelect
          value={holdId}
          onChange={setHoldId}
          placeholder={t('province.ownUnit')}
          style={{ width: 220 }}
          data-testid="province-hold"
        />
      }
    >
      <Tabs
        items={[
          { key: 'provinces', label: t('province.provinces'), children: <ProvinceTable holdId={holdId} /> },
          { key: 'lines', label: t('province.lines'), children: <LineTable holdId={holdId} /> },
        ]}
      />
    </PageLayout>
  );
}
