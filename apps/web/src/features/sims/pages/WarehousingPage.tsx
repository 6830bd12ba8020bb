import '../sims.css';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { BatchHistory } from '../components/BatchHistory.tsx';
import { ImportForm } from '../components/ImportForm.tsx';

/** manage/warehousing (fn 9): SIM cards into stock from a supplier's spreadsheet, and past imports. */
export default function WarehousingPage() {
  const { t } = useTranslation('sims');
  return (
    <PageLayout title={t('menu:simInbound')}>
      <Card title={t('import.title')} className="sim-block" data-testid="import-card">
        <ImportForm />
      </Card>
      <Card title={t('batch.title')} data-testid="batch-history">
        <BatchHistory />
      </Card>
    </PageLayout>
  );
}
