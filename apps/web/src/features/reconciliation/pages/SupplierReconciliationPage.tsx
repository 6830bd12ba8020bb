import { CheckCircleOutlined, DownloadOutlined, FileSearchOutlined, UploadOutlined } from '@ant-design/icons';
import type { BillRowError } from '@lodestar/contract/reconciliation';
import { ReconState, SIM_RULES } from '@lodestar/domain';
import { App, Button, Card, Empty, Space, Spin, Statistic, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout.tsx';
import { ExportButton } from '../../../components/table/ExportButton.tsx';
import { useUserTimeZone } from '../../../lib/user-time.ts';
import { downloadFile, uploadFile } from '../../sims/api/files.ts';
import {
  exportSupplierDetails,
  useConfirmSupplier,
  useSupplierSummary,
  useUploadSupplierBill,
} from '../api/supplier-calls.ts';
import { BillErrors } from '../components/BillErrors.tsx';
import { defaultMonth, MonthPicker, monthOr } from '../components/MonthPicker.tsx';
import { yuan } from '../components/money.tsx';
import { useSelectedSupplier } from '../supplier-store.ts';
import '../reconciliation.css';

/** reconciliation (fn 21): one supplier month — what we expect, what they billed, how they differ. */
export default function SupplierReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const timeZone = useUserTimeZone();
  const month = monthOr(params.get('Month'), defaultMonth(timeZone));
  const { supplierId } = useSelectedSupplier();
  const summary = useSupplierSummary(supplierId, month);
  const upload = useUploadSupplierBill();
  const confirm = useConfirmSupplier();
  const [uploading, setUploading] = useState<number | null>(null);
  const [errors, setErrors] = useState<BillRowError[] | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const s = summary.data;
  const reconId = s?.ReconciliationID ?? null;
  const confirmed = s?.State === ReconState.Confirmed;

  const setMonth = (m: string | undefined) => {
    if (!m) return;
    setErrors(null);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('Month', m);
        return next;
      },
      { replace: true },
    );
  };

  async function sendBill(file: File) {
    if (supplierId === undefined) return;
    setErrors(null);
    setUploading(0);
    try {
      const uploaded = await uploadFile(file, setUploading);
      const reply = await upload.mutateAsync({ SupplierID: supplierId, Month: month, FileID: uploaded.FileID });
      if ('Errors' in reply) setErrors(reply.Errors);
      else void message.success(t('upload.done', { rows: reply.BillRows }));
    } catch (e) {
      if (e instanceof Error && e.name === 'TransferError') void message.error(e.message);
    } finally {
      setUploading(null);
    }
  }

  async function template() {
    setTemplateBusy(true);
    try {
      await downloadFile('Reconciliation/BillTemplate', {}, t('upload.templateName'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setTemplateBusy(false);
    }
  }

  const askConfirm = () =>
    modal.confirm({
      title: t('confirm.title', { month, supplier: s?.SupplierName ?? '' }),
      content: t('confirm.content'),
      okText: t('confirm.ok'),
      cancelText: t('common:cancel'),
      onOk: async () => {
        if (reconId === null) return;
        try {
          await confirm.mutateAsync(reconId);
          void message.success(t('confirm.done'));
        } catch {
          // the api client has shown why
        }
      },
    });

  const busy = uploading !== null;
  const diff = s?.DifferenceFen ?? null;
  return (
    <PageLayout title={t('menu:simSupplierReconciliation')}>
      <div className="recon-toolbar">
        <MonthPicker value={month} onChange={setMonth} data-testid="recon-month" aria-label={t('month')} />
        <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={() => void template()}>
          {t('upload.template')}
        </Button>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          disabled={supplierId === undefined || busy || confirmed}
          beforeUpload={(f) => {
            if (f.size > SIM_RULES.uploadMaxBytes) {
              void message.error(t('upload.tooLarge', { mb: SIM_RULES.uploadMaxBytes / 1024 / 1024 }));
              return Upload.LIST_IGNORE;
            }
            void sendBill(f);
            return false;
          }}
        >
          <Button
            type="primary"
            icon={<UploadOutlined />}
            loading={busy}
            disabled={supplierId === undefined || confirmed}
            data-testid="recon-upload"
          >
            {busy && uploading ? `${t('upload.button')} ${uploading}%` : t('upload.button')}
          </Button>
        </Upload>
        <Button
          icon={<FileSearchOutlined />}
          disabled={reconId === null}
          onClick={() => navigate(`/reconciliation/details?ReconciliationID=${reconId}`)}
          data-testid="recon-details"
        >
          {t('details')}
        </Button>
        <Button
          icon={<CheckCircleOutlined />}
          disabled={reconId === null || confirmed}
          onClick={askConfirm}
          data-testid="recon-confirm"
        >
          {t('confirm.button')}
        </Button>
        <ExportButton
          disabled={reconId === null}
          exportFile={() => exportSupplierDetails({ ReconciliationID: reconId!, Match: 0, ICCID: '' })}
        />
      </div>
      {errors ? <BillErrors errors={errors} onClose={() => setErrors(null)} /> : null}
      {supplierId === undefined ? (
        <Empty description={t('pickSupplier')} />
      ) : !s ? (
        <Spin />
      ) : (
        <div data-testid="recon-summary">
          <Space style={{ marginBottom: 12 }} wrap>
            <strong>{s.SupplierName}</strong>
            <span>{s.OperatorName}</span>
            <span>{s.Month}</span>
            <Tag color={confirmed ? 'green' : reconId === null ? 'default' : 'blue'} data-testid="recon-state">
              {reconId === null ? t('state.none') : s.StateText}
            </Tag>
            {s.BillFileName ? <span>{t('billFile', { name: s.BillFileName })}</span> : null}
            {s.UpdateTime ? <span>{t('updated', { time: s.UpdateTime })}</span> : null}
          </Space>
          <div className="recon-cards">
            <Card>
              <Statistic title={t('card.simCount')} value={s.SimCount} />
            </Card>
            <Card data-testid="recon-expected">
              <Statistic title={t('card.expected')} value={yuan(s.ExpectedFen)} />
            </Card>
            <Card data-testid="recon-billed">
              <Statistic title={t('card.billed')} value={yuan(s.BilledFen)} />
            </Card>
            <Card className={diff ? 'recon-difference' : undefined} data-testid="recon-difference">
              <Statistic title={t('card.difference')} value={yuan(diff)} />
            </Card>
          </div>
          <div className="recon-cards">
            <Card>
              <Statistic title={t('match.1')} value={s.Matched} />
            </Card>
            <Card data-testid="recon-mismatch">
              <Statistic title={t('match.4')} value={s.PriceMismatch} />
            </Card>
            <Card>
              <Statistic title={t('match.2')} value={s.MissingInBill} />
            </Card>
            <Card>
              <Statistic title={t('match.3')} value={s.MissingInOurs} />
            </Card>
          </div>
          {reconId === null ? <p className="recon-hint">{t('liveHint')}</p> : null}
        </div>
      )}
    </PageLayout>
  );
}
